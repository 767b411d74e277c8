/** The e-mails moderation sends to a seller (through the outbox, like orders/mail.ts). */
const SIGNATURE = ['', 'Marktgasse'];

interface Recipient {
  email: string;
  username: string;
}

export function productHiddenMail(seller: Recipient, productName: string, hidden: boolean, reason: string) {
  return {
    recipient: seller.email,
    subject: hidden
      ? `Marktgasse: your product "${productName}" was hidden`
      : `Marktgasse: your product "${productName}" is visible again`,
    body: [
      `Hello ${seller.username},`,
      '',
      hidden
        ? `Our moderation team hid your product "${productName}": customers can no longer see or buy it.`
        : `Our moderation team made your product "${productName}" visible again.`,
      `Reason: ${reason}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function sellerSuspendedMail(seller: Recipient, reason: string) {
  return {
    recipient: seller.email,
    subject: 'Marktgasse: your seller account was suspended',
    body: [
      `Hello ${seller.username},`,
      '',
      'Your seller account was suspended: your products and stores are no longer shown to customers.',
      'Orders that customers have already paid stay yours to send or hand over.',
      `Reason: ${reason}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function sellerReinstatedMail(seller: Recipient, reason: string) {
  return {
    recipient: seller.email,
    subject: 'Marktgasse: your seller account is active again',
    body: [
      `Hello ${seller.username},`,
      '',
      'Your seller account was reinstated: your products and stores are shown to customers again.',
      `Note: ${reason}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}
