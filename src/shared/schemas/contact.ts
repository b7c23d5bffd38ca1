import { z } from 'zod';
import { emailField, nameText, requiredText } from './common';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactInput = z.object({
  name: nameText('Name', CONTACT_NAME_MAX),
  email: emailField,
  subject: requiredText('Subject', CONTACT_SUBJECT_MAX),
  message: requiredText('Message', CONTACT_MESSAGE_MAX),
});
export type ContactInput = z.infer<typeof contactInput>;
