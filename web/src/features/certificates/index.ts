/**
 * The certificates feature's public API: issuing a certificate (the actions panel's button) and
 * the practice's certificates with their downloads (the Accreditation tab). The public verify page
 * is a page: the route table loads it directly.
 */
export { CertificatesList } from './components/certificates-list.tsx';
export { IssueCertificateButton } from './components/issue-certificate-button.tsx';
export { useCertificateDownload } from './hooks/use-certificate-download.ts';
