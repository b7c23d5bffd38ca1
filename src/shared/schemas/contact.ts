import { z } from 'zod';
import { emailField, nameText, requiredText } from './common';

export const contactInput = z.object({
  name: nameText('Name', 100),
  email: emailField,
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000),
});
export type ContactInput = z.infer<typeof contactInput>;
