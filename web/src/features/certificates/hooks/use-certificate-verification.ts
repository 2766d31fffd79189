import { useEffect, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { type TVerification, verifyCertificate } from '../api/verify-certificate.ts';

/** The check of `code` (none without one); null while it is being made. */
export function useCertificateVerification(code: string | undefined): TVerification | null {
  const { apiUrl } = useServices();
  const [answer, setAnswer] = useState<{ code: string; verification: TVerification } | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    void verifyCertificate(apiUrl, code).then((verification) => {
      if (current) setAnswer({ code, verification });
    });
    return () => {
      current = false;
    };
  }, [apiUrl, code]);
  return answer && answer.code === code ? answer.verification : null;
}
