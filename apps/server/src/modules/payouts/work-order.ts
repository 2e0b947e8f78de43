/**
 * The printable work order of a job (spec §2 Order History: View Work Order; §3 workOrderUrl): a one-page
 * PDF for the vendor's crew with the confirmation id, the customer and how to reach them, the address,
 * the appointment in St George time, the duration, the chosen options, the customer's notes and the
 * vendor's own appointment instructions. Drawn by pdfkit (pure JS) in DejaVu Sans, embedded and subset to the
 * glyphs used, which prints what @stg/domain/printable-text accepts (ADR 0029).
 */
import PDFDocument from 'pdfkit';
import { workOrderUrl } from '@stg/domain/api/payouts.endpoints';
import { CATEGORY_LABELS } from '@stg/domain/constants';
import {
  formatAppointmentWindow,
  formatCalendarDate,
  formatClock,
  formatDurationShort,
} from '@stg/domain/dates';
import { formatDollars } from '@stg/domain/money';
import { orderBill } from '@stg/domain/order-bill';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { formatPhone } from '@stg/domain/phone';
import { isPrintableChar, isVisibleChar } from '@stg/domain/printable-text';
import type { WorkOrderRow } from './repo';
import { workOrderFontFiles } from './work-order-fonts';

/** Where the vendor's order answer points its View Work Order link (spec §3 workOrderUrl). */
export { workOrderUrl };

/** "Nov 30th, 9:00am – 11:30am (Mountain Time)": the shared format (spec §9) of @stg/domain/dates. */
export function appointmentText(at: Date, durationMins: number): string {
  return `${formatAppointmentWindow(at, durationMins)} (Mountain Time)`;
}

/**
 * What DejaVu Sans prints (@stg/domain/printable-text): every field that reaches this page refuses other
 * characters at input (ADR 0029); text stored before that rule has them as '?', and control and other
 * invisible characters go, so nothing garbles the page.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (ch === '\r') continue;
    if (isPrintableChar(ch)) out += ch;
    else if (isVisibleChar(ch)) out += '?';
  }
  return out;
}

const MARGIN = 54;
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const LABEL_WIDTH = 140;
/** Between a label and its value: a label as wide as its column wraps before it touches the value. */
const LABEL_GAP = 8;

/** The work order as PDF bytes. `now` is printed in the footer. */
export function renderWorkOrder(row: WorkOrderRow, now: Date): Promise<Buffer> {
  const o = row.order;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    // No default font: pdfkit would load Helvetica and write it into the file unused (DejaVu Sans below).
    font: '',
    info: {
      Title: printable(`Work order ${o.confirmationId}`),
      Author: printable(row.vendor.name),
      Subject: printable(`${row.customer.firstName} ${row.customer.lastName}`),
    },
  });
  const fonts = workOrderFontFiles();
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  doc.font(REGULAR);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const rule = () => {
    doc.moveDown(0.4);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.6);
  };
  const section = (title: string) => {
    doc.moveDown(0.6);
    doc.font(BOLD).fontSize(12).fillColor('#1f3a5f').text(title.toUpperCase(), MARGIN);
    rule();
  };
  const field = (label: string, value: string | null | undefined) => {
    const text = value && value.trim() ? printable(value.trim()) : '—';
    const top = doc.y;
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor('#444444')
      .text(printable(label), MARGIN, top, {
        width: LABEL_WIDTH - LABEL_GAP,
      });
    const labelBottom = doc.y;
    doc
      .font(REGULAR)
      .fontSize(11)
      .fillColor('#000000')
      .text(text, MARGIN + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
    doc.y = Math.max(doc.y, labelBottom) + 4;
    doc.x = MARGIN;
  };
  const paragraph = (value: string | null | undefined, empty: string) => {
    const text = value && value.trim() ? printable(value.trim()) : empty;
    doc.font(REGULAR).fontSize(11).fillColor('#000000').text(text, MARGIN, doc.y, { width });
  };

  // Header: who does the job, and the number everyone quotes.
  doc.font(BOLD).fontSize(20).fillColor('#000000').text(printable(row.vendor.name), MARGIN);
  const service = CATEGORY_LABELS[row.vendor.category] ?? row.vendor.category;
  doc
    .font(REGULAR)
    .fontSize(11)
    .fillColor('#444444')
    .text(
      printable(
        [service, formatPhone(row.vendor.phoneNumber), row.vendor.email].filter(Boolean).join('  ·  '),
      ),
    );
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(16).fillColor('#000000').text('WORK ORDER');
  doc
    .font(REGULAR)
    .fontSize(12)
    .text(`Confirmation ${printable(o.confirmationId)}`);
  rule();

  section('Appointment');
  field('When', appointmentText(o.appointmentAt, o.durationMins));
  field('Estimated duration', formatDurationShort(o.durationMins));
  field('Status', o.fulfillmentStatus.charAt(0).toUpperCase() + o.fulfillmentStatus.slice(1));
  // ADR 0037: a plan's visit says so (the frequency copied onto the order when it was charged).
  if (o.planFrequency) field('Plan', PLAN_FREQUENCY_LABELS[o.planFrequency]);

  section('Customer');
  field('Name', `${row.customer.firstName} ${row.customer.lastName}`);
  field('Phone', formatPhone(row.customer.phoneNumber));
  field('Email', row.customer.email);

  section('Location');
  const a = row.address;
  field(
    'Address',
    a?.streetAddress
      ? [a.streetAddress, a.streetAddress2, `${a.city}, ${a.state} ${a.zipCode}`].filter(Boolean).join('\n')
      : null,
  );

  section('Service details');
  const options = Object.entries(o.optionsSnapshot ?? {});
  if (options.length === 0) paragraph(null, 'No options recorded.');
  for (const [name, value] of options) field(name, value);

  section('Billing');
  const bill = orderBill(o);
  field('Subtotal', formatDollars(bill.subtotalCents));
  field('Service charge', formatDollars(bill.serviceChargeCents));
  field('Total', formatDollars(bill.totalCents));
  if (o.refundAmountCents > 0) field('Refunded', formatDollars(o.refundAmountCents));

  section('Customer notes');
  paragraph(o.customerNotes, 'None.');

  section('Appointment instructions');
  paragraph(row.vendor.appointmentInstructions, 'None.');

  doc.moveDown(1.5);
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor('#777777')
    .text(
      `Order placed ${formatCalendarDate(o.createdAt)} · printed ${formatCalendarDate(now)}, ${formatClock(now)} (Mountain Time)`,
      MARGIN,
    );
  doc.end();
  return done;
}
