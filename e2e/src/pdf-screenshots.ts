/**
 * The first pages of every PDF the product makes, as PNGs to look at: the certificate in
 * A3 and A4 with 1, 3 and 8 locations, each with and without a condition; the survey assessment
 * report and the action plan report of a fully rated 150-indicator survey (the `pdf` bench's data,
 * on a throwaway database); the survey confirmation form, awaiting confirmation and confirmed.
 * Needs `pdftoppm` (poppler-utils). Not a test.
 * Run: npx tsx e2e/src/pdf-screenshots.ts → e2e/screenshots/pdf-*.png (the PDFs in e2e/screenshots/pdf/);
 * `npx tsx e2e/src/pdf-screenshots.ts certificates` (or `confirmation`, `reports`) for one group.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getActionPlanReport } from '@portal/actions/get-action-plan-report';
import { getAssessmentReport } from '@portal/actions/get-assessment-report';
import { callerOfUser } from '@portal/actions/practice-access';
import {
  renderCertificatePdf,
  renderSurveyConfirmationForm,
  type TCertificatePdf,
  type TSurveyConfirmationForm,
} from '@portal/pdf';
import { createRatedSurvey, migratedDatabase } from '@portal/testkit/rated-survey';
import { startTestStack } from '@portal/testkit/test-stack';
import { SCREENSHOT_DIR } from './support/screenshots.ts';

const PDF_DIR = path.join(SCREENSHOT_DIR, 'pdf');

/** Writes the PDF and a PNG of each of its first `pages` pages at 60 dpi: pdf-<name>[-<page>].png. */
function shoot(name: string, pdf: Uint8Array, pages = 1): void {
  const file = path.join(PDF_DIR, `${name}.pdf`);
  writeFileSync(file, pdf);
  const prefix = path.join(SCREENSHOT_DIR, `pdf-${name}`);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    String(pages),
    ...(pages === 1 ? ['-singlefile'] : []),
    file,
    prefix,
  ]);
  console.log(`  pdf-${name}${pages === 1 ? '' : '-1..n'}.png (${Math.round(pdf.byteLength / 1024)} KB)`);
}

const SITES = [
  'Level 1, 12 Jardine Street, Kingston ACT 2604',
  'Shop 4, 21 Lathlain Street, Belconnen ACT 2617',
  '175 Anketell Street, Greenway ACT 2900',
  'Suite 3, 40 Mawson Place, Mawson ACT 2607',
  '2 Hibberson Street, Gungahlin ACT 2912',
  '118 Te Rapa Road, Kirikiriroa Hamilton 3200',
  '7 Wakefield Street, Whanganui-a-Tara Wellington 6011',
  'Unit 9, 1 Māhoe Lane, Tāmaki Makaurau Auckland 1010',
];

const CERTIFICATE: TCertificatePdf = {
  id: 2,
  type: 'ACCREDITATION',
  name: 'Capital Hill Medical Centre',
  tradingName: 'Capital Hill Medical Centre',
  legalEntityName: 'Capital Hill Medical Centre Pty Ltd',
  locations: SITES.slice(0, 1),
  standards: 'General Practice Standards, 6th edition (demo)',
  issuingProvider: 'Demo Accreditation Provider',
  certificationDate: '2026-11-28',
  issueDate: '2026-11-28',
  commencementDate: '2026-12-01',
  expiryDate: '2029-11-28',
  condition: null,
  certifiedBy: 'Alex Admin',
  certificateNumber: 'ACC-2026-000002',
  verificationCode: 'DEMA-CAPH-VALD',
  verifyUrl: 'http://localhost:5173/verify/DEMA-CAPH-VALD',
};
const CONDITION =
  'The practice’s cold-chain log must be kept daily and shown at the surveillance visit – within 6 months of the certification date.';

const CONFIRMATION: TSurveyConfirmationForm = {
  practiceName: 'Capital Hill Medical Centre – Kingston',
  address: 'Level 1, 12 Jardine Street, Kingston ACT 2604',
  phone: '02 6295 8100',
  email: 'reception@capitalhill.demo.test',
  visitType: 'ACCREDITATION',
  template: 'ON_SITE',
  templateLabel: 'On-site visit',
  date: '2027-02-16',
  due: '2027-03-01',
  startTime: '08:30',
  endTime: '17:00',
  reason: null,
  status: 'SENT',
  confirmedOn: null,
  confirmedBy: null,
  surveyors: [
    { name: 'Lee Zhang', lead: true },
    { name: 'Ana Bell', lead: false },
    { name: 'Aroha Ngāta', lead: false },
  ],
  confirmUrl: 'http://localhost:5173/Practice/SurveyConfirmation/8',
  generatedOn: '2026-11-28',
};

async function main(only: string | undefined) {
  mkdirSync(PDF_DIR, { recursive: true });
  if (!only || only === 'certificates') await certificates();
  if (!only || only === 'confirmation') await confirmations();
  if (!only || only === 'reports') await reports();
}

async function certificates() {
  console.log('certificates');
  for (const size of ['A3', 'A4'] as const) {
    for (const count of [1, 3, 8]) {
      for (const condition of [null, CONDITION]) {
        const name = `certificate-${size.toLowerCase()}-${count}-site${count > 1 ? 's' : ''}${condition ? '-condition' : ''}`;
        shoot(
          name,
          await renderCertificatePdf({ ...CERTIFICATE, locations: SITES.slice(0, count), condition }, size),
        );
      }
    }
  }
}

async function confirmations() {
  console.log('survey confirmation form');
  shoot('confirmation-sent', await renderSurveyConfirmationForm(CONFIRMATION));
  shoot(
    'confirmation-received',
    await renderSurveyConfirmationForm({
      ...CONFIRMATION,
      status: 'RECEIVED',
      confirmedOn: '2026-11-30',
      confirmedBy: 'Pat Manager',
    }),
  );
  shoot(
    'confirmation-remote',
    await renderSurveyConfirmationForm({
      ...CONFIRMATION,
      template: 'REMOTE',
      templateLabel: 'Remote visit (video call)',
    }),
  );
}

async function reports() {
  console.log('reports (a throwaway database with a rated survey of 150 indicators)');
  const stack = await startTestStack({ database: await migratedDatabase() });
  try {
    const survey = await createRatedSurvey(stack, { indicators: 150, notMet: 40, activities: 3 });
    const caller = callerOfUser({ id: survey.pm.id, role: 'user' });
    const input = { assessmentId: survey.assessmentId };
    shoot('assessment-report', (await getAssessmentReport(stack.app.db, caller, input)).pdf, 3);
    shoot('action-plan-report', (await getActionPlanReport(stack.app.db, caller, input)).pdf, 2);
  } finally {
    await stack.close();
  }
}

// Stopping the throwaway cluster ends its connections; a pooled one may say so after its pool closed.
process.on('uncaughtException', (error: Error & { code?: string }) => {
  if (error.code !== '57P01') throw error;
});
await main(process.argv[2]);
process.exit(0);
