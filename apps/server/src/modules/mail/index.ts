export { enqueueMail, type OutgoingMail } from './mail-outbox.ts';
export { createMailSender } from './mail-sender.ts';
export { mailLayout, passwordChangedMail, passwordResetMail, verificationMail } from './mail-templates.ts';
export { mailboxRoutes } from './mailbox.routes.ts';
