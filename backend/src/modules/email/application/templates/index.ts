export { welcomeEmail } from './welcome.template';
export { resetCodeEmail } from './reset-code.template';
export { escapeHtml } from './layout';
export { projectNotificationEmail } from './project-notification.template';
export { invitationEmail, invitationLink } from './invitation.template';
export { customEmail } from './custom.template';
export { testEmail } from './test.template';
export type { TestEmailType } from './test.template';
export { htmlToText } from './html-to-text';
