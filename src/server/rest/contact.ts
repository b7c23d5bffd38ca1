import { unvalidatedBody, type RestRoutes } from './adapter';

export function contactRoutes(rest: RestRoutes) {
  rest('POST', '/contact', (caller, req) => caller.contact.send(unvalidatedBody(req)), { status: 201 });
}
