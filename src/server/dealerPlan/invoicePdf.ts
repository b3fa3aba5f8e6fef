import PDFDocument from 'pdfkit';
import { invoiceLabel, planDate } from '@/domain/payments/dealerPlan';
import { formatUsd } from '@/domain/payments/fees';
import type { PlanInvoiceRow } from '../repositories/dealerPlans.repo';

const METHOD_WORDS: Record<string, string> = { card: 'Card (monthly subscription)', ecocash: 'EcoCash' };

/**
 * A plan invoice as a PDF (pdfkit: pure JavaScript, no binary to install): who sold, who bought (the
 * business details as they were when it was issued), its number and dates, the month it paid for,
 * the amount and how it was paid.
 */
export function invoicePdf(invoice: PlanInvoiceRow, seller: { productName: string; publicUrl: string }): Promise<Buffer> {
  const number = invoiceLabel(invoice.number);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${number}`, Author: seller.productName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(`${seller.productName} invoice`);
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(seller.publicUrl).moveDown(1.5);
  doc.fillColor('#000').fontSize(11);
  const line = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Invoice number', number);
  line('Issued', planDate(invoice.issuedAt));
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica');
  if (invoice.businessName) doc.text(invoice.businessName);
  if (invoice.businessRegistration) doc.text(`Registration number: ${invoice.businessRegistration}`);
  if (invoice.businessAddress) doc.text(invoice.businessAddress);
  doc.text(invoice.accountName).text(invoice.accountEmail).moveDown();

  line('Description', 'Dealer plan: unlimited listings for one month');
  line('Period', `${planDate(invoice.periodStart)} to ${planDate(invoice.periodEnd)}`);
  line('Paid by', METHOD_WORDS[invoice.method] ?? invoice.method);
  line('Payment reference', invoice.providerRef);
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Total paid: ${formatUsd(invoice.amountCents)} ${invoice.currency.toUpperCase()}`);
  doc.end();
  return done;
}
