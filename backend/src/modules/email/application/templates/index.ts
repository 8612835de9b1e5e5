export { welcomeEmail } from './welcome.template';
export { resetCodeEmail } from './reset-code.template';
export { escapeHtml } from './layout';
export { projectNotificationEmail } from './project-notification.template';
