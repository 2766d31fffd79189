import {
  formatDisplayDate,
  formatMonthLong,
  formatTimeOfDay,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  SURVEY_PREPARATION_BY_TEMPLATE,
  type TConfirmationFormTemplate,
  type TVisitType,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import {
  badge,
  badgeHeight,
  drawDocumentHeader,
  drawPageFooter,
  drawRunningHeader,
  PDF_COLORS,
  PDF_TEXT,
  PDF_TONES,
  PdfFlow,
  type PdfTextStyle,
  roundedRect,
} from '../kit/index.ts';

/** Everything the survey confirmation form shows. Dates are yyyy-MM-dd, times HH:mm. */
export interface TSurveyConfirmationForm {
  practiceName: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  visitType: string;
  /** The form's template (survey_visit.confirmation_form_template): what the practice prepares. */
  template: TConfirmationFormTemplate;
  /** The template's label in the provider's list ('On-site visit'). */
  templateLabel: string;
  date: string | null;
  due: string | null;
  startTime: string | null;
  endTime: string | null;
  reason: string | null;
  /** SENT: waiting for the practice; RECEIVED: the practice confirmed. */
  status: 'SENT' | 'RECEIVED';
  confirmedOn: string | null;
  confirmedBy: string | null;
  surveyors: { name: string; lead: boolean }[];
  /** Where the practice confirms the visit (/Practice/SurveyConfirmation/:practiceId). */
  confirmUrl: string;
  generatedOn: string;
}

/** What the form calls its two states (the Assessments table says the same). */
export const CONFIRMATION_STATUS_LABELS = {
  SENT: 'Awaiting confirmation',
  RECEIVED: 'Confirmed',
} as const;

const STYLE = {
  ...PDF_TEXT,
  key: { size: 9, font: 'bold', color: PDF_COLORS.muted, leading: 1.4 },
  value: { size: 9.5, color: PDF_COLORS.text, leading: 1.4 },
  body: { size: 9.5, color: PDF_COLORS.text, leading: 1.45 },
  point: { size: 9, color: PDF_COLORS.text, leading: 1.4 },
  link: { size: 9.5, font: 'bold', color: PDF_COLORS.brandDark, leading: 1.45 },
  badge: { size: 7.5, font: 'bold' },
} satisfies Record<string, PdfTextStyle>;

const DASH = '\u2014';
const KEY_WIDTH = 130;

/** '9:00 am to 5:00 pm', one end alone, or a dash. */
function timesOf(form: TSurveyConfirmationForm): string {
  const start = formatTimeOfDay(form.startTime);
  const end = formatTimeOfDay(form.endTime);
  if (start && end) return `${start} to ${end}`;
  return start ? `from ${start}` : end ? `until ${end}` : 'To be confirmed';
}

/**
 * The survey confirmation form (spec 001 §7 generate_confirmation_pdf): the practice, the visit's
 * type, date, times and reason, the accepted survey team (the lead first), what to prepare, and
 * whether and when the practice confirmed it (or where to confirm it). A4, "Page n of N".
 */
export async function renderSurveyConfirmationForm(form: TSurveyConfirmationForm): Promise<Uint8Array> {
  const title = 'Survey confirmation form';
  const flow = await PdfFlow.create({
    title: `${form.practiceName}: ${title}`,
    subject: `Survey visit of ${form.practiceName}`,
    author: PRODUCT_NAME,
    margins: { top: 50, bottom: 56, left: 56, right: 56 },
    onNewPage: (f, pageNumber) => {
      if (pageNumber > 1) drawRunningHeader(f, { left: form.practiceName, right: title });
    },
  });
  const visitType = VISIT_TYPE_LABELS[form.visitType as TVisitType] ?? form.visitType;

  drawFormHeader(flow, form, visitType);
  drawFormDetails(flow, form, visitType);
  drawConfirmationPanel(flow, form);

  const generated = `Generated on ${formatDisplayDate(form.generatedOn)} by ${PRODUCT_NAME}`;
  return flow.save((page, pageNumber, pageCount) =>
    drawPageFooter(flow, page, { left: `${generated} \u00b7 ${title}`, pageNumber, pageCount }),
  );
}

/** The title block and the visit's type, date, time and confirmation status at a glance. */
function drawFormHeader(flow: PdfFlow, form: TSurveyConfirmationForm, visitType: string) {
  drawDocumentHeader(flow, {
    eyebrow: `${PRODUCT_NAME.toUpperCase()} \u00b7 SURVEY CONFIRMATION FORM`,
    title: form.practiceName,
    subtitle: form.address,
  });

  const fields: [string, string][] = [
    ['VISIT', visitType],
    ['DATE', formatDisplayDate(form.date) || 'To be confirmed'],
    ['TIME', timesOf(form)],
  ];
  const statusWidth = 150;
  const columnWidth = (flow.width - statusWidth) / fields.length;
  const valueTop = flow.y - flow.lineHeight(STYLE.fieldLabel) - 1;
  fields.forEach(([label, value], index) => {
    const x = flow.left + index * columnWidth;
    flow.label(label, x, flow.y, STYLE.fieldLabel, { maxWidth: columnWidth - 8 });
    flow.label(value, x, valueTop, STYLE.fieldValue, { maxWidth: columnWidth - 8 });
  });
  flow.label('STATUS', flow.right, flow.y, STYLE.fieldLabel, { align: 'right' });
  badge(
    flow,
    CONFIRMATION_STATUS_LABELS[form.status].toUpperCase(),
    { x: flow.right, top: valueTop + 1, align: 'right' },
    form.status === 'RECEIVED' ? PDF_TONES.success : PDF_TONES.warning,
    STYLE.badge,
  );
  flow.y = valueTop - Math.max(flow.lineHeight(STYLE.fieldValue), badgeHeight(STYLE.badge)) - 12;
}

/** The visit, the survey team, the practice and what to prepare. */
function drawFormDetails(flow: PdfFlow, form: TSurveyConfirmationForm, visitType: string) {
  section(flow, 'The visit');
  row(flow, 'Type of visit', visitType);
  row(flow, 'Held', form.templateLabel);
  row(flow, 'Date', formatDisplayDate(form.date) || 'To be confirmed');
  row(flow, 'Start time', formatTimeOfDay(form.startTime) || 'To be confirmed');
  row(flow, 'End time', formatTimeOfDay(form.endTime) || 'To be confirmed');
  if (form.due) row(flow, 'Due', formatMonthLong(form.due));
  row(flow, 'Reason for visit', form.reason?.trim() || DASH);
  flow.down(8);

  section(flow, 'Survey team');
  if (form.surveyors.length === 0) {
    flow.text('The survey team will be confirmed before the visit.', STYLE.body);
  } else {
    for (const surveyor of form.surveyors)
      row(flow, surveyor.lead ? 'Lead surveyor' : 'Surveyor', surveyor.name);
  }
  flow.down(8);

  section(flow, 'The practice');
  row(flow, 'Practice', form.practiceName);
  row(flow, 'Address', form.address ?? DASH);
  row(flow, 'Phone', form.phone ?? DASH);
  row(flow, 'E-mail', form.email ?? DASH);
  flow.down(8);

  const preparation = SURVEY_PREPARATION_BY_TEMPLATE[form.template];
  section(flow, preparation.heading);
  for (const point of preparation.checklist) {
    const lines = flow.lines(point, STYLE.point, flow.width - 14);
    const height = lines.length * flow.lineHeight(STYLE.point) + 3;
    flow.ensure(height);
    flow.label('\u2022', flow.left + 2, flow.y, STYLE.point);
    flow.writeLines(lines, flow.left + 14, flow.y, STYLE.point);
    flow.down(height);
  }
  flow.down(8);
}

/** A panel that says plainly whether the practice has confirmed, then whom to ask. */
function drawConfirmationPanel(flow: PdfFlow, form: TSurveyConfirmationForm) {
  const confirmed = form.status === 'RECEIVED';
  const message = confirmed
    ? `${form.confirmedBy ? `${form.confirmedBy} confirmed these details for the practice` : 'The practice confirmed these details'}${form.confirmedOn ? ` on ${formatDisplayDate(form.confirmedOn)}` : ''}.`
    : 'Please confirm these details in the portal, or contact your accreditation coordinator if anything needs to change:';
  const inner = flow.width - 28;
  const messageLines = flow.lines(message, STYLE.body, inner);
  const linkLines = confirmed ? [] : flow.lines(form.confirmUrl, STYLE.link, inner);
  const panelHeight =
    flow.lineHeight(STYLE.heading) +
    6 +
    (messageLines.length + linkLines.length) * flow.lineHeight(STYLE.body) +
    20;
  flow.ensure(panelHeight);
  const tone = confirmed ? PDF_TONES.success : PDF_TONES.warning;
  roundedRect(
    flow.page,
    { x: flow.left, y: flow.y - panelHeight, width: flow.width, height: panelHeight, radius: 6 },
    { fill: tone.fill, border: PDF_COLORS.rule },
  );
  let top = flow.y - 10;
  flow.label('Confirmation', flow.left + 14, top, { ...STYLE.heading, color: tone.color });
  top -= flow.lineHeight(STYLE.heading) + 6;
  flow.writeLines(messageLines, flow.left + 14, top, STYLE.body);
  top -= messageLines.length * flow.lineHeight(STYLE.body);
  if (linkLines.length) flow.writeLines(linkLines, flow.left + 14, top, STYLE.link);
  flow.down(panelHeight + 10);

  flow.text(`Questions about your visit: call ${SUPPORT_PHONE} or e-mail ${SUPPORT_EMAIL}.`, {
    ...STYLE.body,
    color: PDF_COLORS.muted,
  });
}

/** A section heading over a hairline, kept with what follows. */
function section(flow: PdfFlow, heading: string) {
  flow.ensure(flow.lineHeight(STYLE.heading) + 40);
  flow.text(heading, STYLE.heading);
  flow.down(3);
  flow.rule();
  flow.down(5);
}

/** A key and its value in two columns. */
function row(flow: PdfFlow, key: string, value: string, style: PdfTextStyle = STYLE.value) {
  const lines = flow.lines(value || DASH, style, flow.width - KEY_WIDTH);
  const height = lines.length * flow.lineHeight(style) + 2;
  flow.ensure(height);
  flow.label(key, flow.left, flow.y, STYLE.key, { maxWidth: KEY_WIDTH - 10 });
  flow.writeLines(lines, flow.left + KEY_WIDTH, flow.y, style);
  flow.down(height);
}
