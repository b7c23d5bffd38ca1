// The five legal documents of /legal as data: the pages only render them.
// Written for Open Auction, an educational demo; policy text only, nothing here is enforced by the client.

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: string[] };

interface LegalSection {
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  /** The last part of the URL: /legal/<slug>. */
  slug: string;
  title: string;
  /** One line for the index. */
  summary: string;
  /** A plain date, YYYY-MM-DD. */
  lastUpdated: string;
  intro: string[];
  sections: LegalSection[];
}

const LAST_UPDATED = '2026-11-01';
/** Rendered as a link to /contact wherever it appears in a paragraph or list item. */
export const CONTACT_LINK = '{contact}';
const CONTACT = CONTACT_LINK;

const termsOfService: LegalDocument = {
  slug: 'terms-of-service',
  title: 'Terms of Service',
  summary: 'The rules for using Open Auction: accounts, bidding, selling, and what we are and are not responsible for.',
  lastUpdated: LAST_UPDATED,
  intro: [
    'Welcome to Open Auction. These Terms of Service ("Terms") are the agreement between you and the people who run Open Auction ("we", "us") for your use of the site. By creating an account, placing a bid or listing an item, you agree to these Terms. If you do not agree, please do not use the site.',
    'Open Auction is an educational demo built for students who are learning web development. It works like a real auction site, but it is not a commercial marketplace. Please read these Terms with that in mind: they describe how the site is meant to be used, and they keep the demo a friendly place to learn.',
  ],
  sections: [
    {
      heading: '1. Who may use Open Auction',
      blocks: [
        'You must be 18 years of age or older to create an account, bid or sell on Open Auction. By registering you confirm that you meet this age requirement and that you can enter into a binding agreement.',
        'You may hold only one account. Accounts are personal and may not be sold, shared or transferred.',
      ],
    },
    {
      heading: '2. Your account',
      blocks: [
        'When you sign up you give us your name, an email address and a password. Please keep these details accurate and your password secret. You are responsible for everything done through your account, so use a strong password that you do not use anywhere else, and change it on your Profile page if you think someone else knows it.',
        'You can review recent sign-ins to your account on the Privacy & Security page. If you notice activity you do not recognise, change your password and let us know.',
      ],
    },
    {
      heading: '3. Bidding',
      blocks: [
        'All bids are binding. When you place a bid, you are making a commitment to buy the item at that price if your bid is the highest when the auction ends. A bid cannot be withdrawn once it has been accepted.',
        {
          list: [
            'A bid must be higher than the current price, within the range shown next to the bid form.',
            'You cannot bid on your own auctions.',
            'The auction ends at the end date shown on its page, according to the server clock. Bids that arrive after the end are refused.',
            'The highest valid bid at the end of the auction wins.',
          ],
        },
      ],
    },
    {
      heading: '4. Paying for what you win',
      blocks: [
        "The winning bidder must pay the seller within 48 hours of the auction's end. Because Open Auction is a demo, no money moves through the site and we do not process payments. In the spirit of the exercise, treat a win as a promise you would keep.",
      ],
    },
    {
      heading: "5. Sellers' duties",
      blocks: [
        'If you list an item, you agree to:',
        {
          list: [
            'describe the item honestly and completely, including its condition and any flaws;',
            'use a photo of the actual item, or one that fairly represents it;',
            'have the right to sell the item;',
            'sell the item to the winning bidder at the winning price, and not cancel a sale because you hoped for more;',
            'never bid on your own item, directly or through someone else.',
          ],
        },
      ],
    },
    {
      heading: '6. Listing rules',
      blocks: [
        'Listings must follow our Acceptable Use Policy and Code of Conduct. Items that are illegal, dangerous, stolen, counterfeit or offensive may not be listed. Each listing needs a name, a description, a category, a starting price of at least $1, a photo, and start and end dates within the limits shown on the create form. We may remove any listing that breaks these rules.',
      ],
    },
    {
      heading: '7. Fees',
      blocks: [
        'There are no fees. Creating an account, listing items and bidding on Open Auction are free, because the site is a demo and not a business.',
      ],
    },
    {
      heading: '8. Suspension and termination',
      blocks: [
        'You may stop using Open Auction at any time. We may suspend or close an account, remove content, or cancel auctions if we believe these Terms or our policies have been broken, if the site is being misused, or if it is needed to keep the demo working for everyone. As a demo, the site itself may be reset, changed or shut down at any time, and data may be deleted when that happens.',
      ],
    },
    {
      heading: '9. Disclaimers',
      blocks: [
        'Open Auction is provided "as is" and "as available", for learning. We do not promise that the site will be free of errors, always available, or that listings are accurate. We are not a party to any sale between users and do not inspect or guarantee items.',
      ],
    },
    {
      heading: '10. Limitation of liability',
      blocks: [
        'To the fullest extent the law allows, we are not liable for any indirect, incidental or consequential loss arising from your use of the site, including lost data, lost bids or disputes between users. Where liability cannot be excluded, it is limited to the amount you paid us to use the site, which is nothing.',
      ],
    },
    {
      heading: '11. Changes to these Terms',
      blocks: [
        'We may update these Terms from time to time. When we do, we will change the "Last updated" date at the top of this page. If you keep using Open Auction after a change, you accept the updated Terms.',
      ],
    },
    {
      heading: '12. Contact',
      blocks: [`Questions about these Terms are welcome. Please reach us through ${CONTACT}.`],
    },
  ],
};

const privacyPolicy: LegalDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  summary: 'What we collect, why, how long we keep it, and the choices you have. One session cookie, no tracking, no ads.',
  lastUpdated: LAST_UPDATED,
  intro: [
    'This Privacy Policy explains what information Open Auction collects when you use the site, why we collect it, who can see it and how long we keep it. Open Auction is an educational demo for students, and we try to collect as little as possible while still showing how a real auction site works.',
  ],
  sections: [
    {
      heading: 'Information you give us',
      blocks: [
        {
          list: [
            'Account details: your name and email address.',
            'Your password, which we never store as you typed it. We keep only a hash made with a slow, memory-hard algorithm, so even we cannot read it back.',
            'Auctions you create: the item name, description, category, prices, dates and the photo you upload.',
            'Bids you place: the amount and the time.',
            'Contact messages: the name, email, subject and message you send through the contact form.',
          ],
        },
      ],
    },
    {
      heading: 'Information recorded when you sign in',
      blocks: [
        'Each time you sign up or log in, we record some technical data so that you can check where your account has been used:',
        {
          list: [
            'the date and time;',
            'your IP address;',
            'an approximate location (city, region and country) worked out from the IP address;',
            'your internet service provider (ISP), also worked out from the IP address;',
            'your device and browser, such as "Chrome on Linux", read from the information your browser sends.',
          ],
        },
        'This login history is kept for 6 months and then deleted automatically. You can see your own history at any time on the Privacy & Security page.',
      ],
    },
    {
      heading: 'Cookies',
      blocks: [
        'We use a single session cookie to keep you signed in. It is marked HttpOnly, so scripts running in the page cannot read it, and it is sent only to Open Auction. It contains a random identifier, not your personal details, and it stops working when you sign out.',
        'We do not use tracking cookies, analytics services, advertising networks or social media pixels. We do not show ads.',
      ],
    },
    {
      heading: 'How we use your information',
      blocks: [
        {
          list: [
            'to run your account and keep it secure;',
            'to show auctions and bids, and decide who wins;',
            'to let you review your own sign-in history;',
            'to answer messages you send us;',
            'to prevent abuse, such as repeated failed logins or floods of messages.',
          ],
        },
        'We do not sell your information, rent it, or share it with advertisers.',
      ],
    },
    {
      heading: 'Who sees what',
      blocks: [
        {
          list: [
            "Everyone who is signed in can see auctions, including the seller's name, and the names of bidders in an auction's bid history.",
            'Only you can see your email address on your profile and your own login history.',
            'Administrators can see the list of registered users with their name, email, role, sign-up date, last login and approximate last location, as well as contact messages. They use this only to run and protect the site.',
          ],
        },
      ],
    },
    {
      heading: 'How long we keep information',
      blocks: [
        'Login history is deleted after 6 months. Account details, auctions and bids are kept while your account exists. Because Open Auction is a demo, the whole database may also be reset from time to time, which removes everything.',
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        'Depending on where you live, you may have the right to see the information we hold about you, correct it, ask us to delete it, or object to how we use it. Much of it you can see yourself on your Profile and Privacy & Security pages. For anything else, including deleting your account, contact us and we will help.',
      ],
    },
    {
      heading: 'Security',
      blocks: [
        'We protect your data with hashed passwords, a session cookie that scripts cannot read, and sessions that end when you sign out or change your password. No system is perfectly secure, so please use a password that is unique to this site.',
      ],
    },
    {
      heading: 'Changes and contact',
      blocks: [
        'If we change this policy, we will update the "Last updated" date above.',
        `For any question about your privacy, write to us through ${CONTACT}.`,
      ],
    },
  ],
};

const dmca: LegalDocument = {
  slug: 'dmca',
  title: 'DMCA Policy',
  summary: 'How to report content that infringes your copyright, and how to respond if your content was removed.',
  lastUpdated: LAST_UPDATED,
  intro: [
    'Open Auction respects the rights of creators. Photos and descriptions in listings are uploaded by users, and sometimes someone may upload material they do not have the right to use. This policy explains how copyright owners can ask us to remove such material under the United States Digital Millennium Copyright Act (DMCA), and how users can respond.',
    'Because Open Auction is an educational demo, we handle these requests by hand and in good faith. The procedure below follows the usual DMCA process so that it also works as an example for students.',
  ],
  sections: [
    {
      heading: 'Sending a takedown notice',
      blocks: [
        `If you believe that content on Open Auction infringes a copyright you own or are authorised to act for, send us a notice through ${CONTACT}, with "DMCA notice" as the subject. Your notice must include:`,
        {
          list: [
            'your physical or electronic signature (typing your full legal name is enough);',
            'a description of the copyrighted work you believe has been infringed;',
            'the address (URL) of each auction page or photo on Open Auction that you want removed;',
            'your name, postal address, telephone number and email address;',
            'a statement that you have a good-faith belief that the use is not authorised by the copyright owner, its agent or the law;',
            'a statement that the information in your notice is accurate and, under penalty of perjury, that you are the copyright owner or authorised to act on their behalf.',
          ],
        },
        'Notices that leave out required information may be delayed or may not be acted on.',
      ],
    },
    {
      heading: 'What we do with a notice',
      blocks: [
        'When we receive a complete notice, we remove or disable access to the material it identifies and let the user who posted it know, including a copy of the notice with your contact details so that they can respond. We do not judge who is right in a copyright dispute; we follow the procedure.',
      ],
    },
    {
      heading: 'Sending a counter-notice',
      blocks: [
        `If your content was removed and you believe this was a mistake, or that you have the right to use the material, you may send a counter-notice through ${CONTACT}, with "DMCA counter-notice" as the subject. It must include:`,
        {
          list: [
            'your physical or electronic signature;',
            'a description of the material that was removed and where it appeared before removal;',
            'a statement, under penalty of perjury, that you have a good-faith belief the material was removed by mistake or because it was misidentified;',
            'your name, address and telephone number;',
            'a statement that you consent to the jurisdiction of the federal court for your address (or, if you are outside the United States, any judicial district in which Open Auction may be found), and that you will accept service of process from the person who sent the original notice.',
          ],
        },
        'We forward a valid counter-notice to the person who sent the original notice. If they do not tell us within 10 to 14 business days that they have filed a court action, we may restore the removed material.',
      ],
    },
    {
      heading: 'Repeat infringers',
      blocks: [
        'We close the accounts of users who repeatedly infringe copyright. An account that receives several valid notices that were not successfully countered may be suspended or deleted without further warning.',
      ],
    },
    {
      heading: 'False claims',
      blocks: [
        'Please be careful. Under the DMCA, anyone who knowingly misrepresents that material is infringing, or that it was removed by mistake, may be liable for damages. If you are not sure whether something infringes your rights, consider seeking advice before sending a notice.',
      ],
    },
  ],
};

const codeOfConduct: LegalDocument = {
  slug: 'code-of-conduct',
  title: 'Code of Conduct',
  summary: 'How we expect everyone to behave: honest listings, fair bidding and respectful communication.',
  lastUpdated: LAST_UPDATED,
  intro: [
    'Open Auction is a shared learning space. Many of the people here are students trying things out for the first time, and the site only works if everyone can trust the listings and the bids they see. This Code of Conduct describes the behaviour we expect from every member, whether you are buying, selling or just looking around.',
  ],
  sections: [
    {
      heading: 'Be honest in your listings',
      blocks: [
        {
          list: [
            'Describe items as they really are, including wear, damage and missing parts.',
            'Use your own photos, or photos that fairly show the item you are selling.',
            'Choose the category that fits best, so that buyers can find what they are looking for.',
            'Do not list items you do not have or do not intend to sell.',
            'Set a starting price you are willing to accept, and honour the result when the auction ends.',
          ],
        },
      ],
    },
    {
      heading: 'Bid fairly',
      blocks: [
        'Every bid is a promise. Only bid on items you actually want, at a price you are willing to pay.',
        'Shill bidding is not allowed. Shill bidding means bidding on your own item, or asking friends, family or a second account to bid on it, to push the price up or to make an item look more popular than it is. It deceives the other bidders and is treated as a serious violation.',
        'Do not coordinate with others to hold prices down, and do not use scripts or bots to place bids.',
      ],
    },
    {
      heading: 'Follow through after the auction',
      blocks: [
        'An auction is only finished when both sides have kept their word. If you win, pay within 48 hours of the end, as the Terms of Service ask. If you sell, hand over the item you described, in the condition you described. If something goes wrong, talk to each other early and honestly; most problems are misunderstandings that a short, friendly message can fix.',
      ],
    },
    {
      heading: 'Communicate with respect',
      blocks: [
        'Whether you are writing a listing, contacting us or talking to another member about a sale, be polite and patient. Disagreements happen; insults do not need to.',
        {
          list: [
            'No harassment, threats, bullying or intimidation.',
            'No hate speech or discrimination based on race, ethnicity, nationality, religion, gender, gender identity, sexual orientation, disability or age.',
            'No spam, chain messages or unrelated advertising.',
            "Do not share another person's private information without their permission.",
          ],
        },
      ],
    },
    {
      heading: 'Respect the learning space',
      blocks: [
        'Open Auction exists so that students can learn. Feel free to explore, experiment and ask questions. If you find a bug, tell us instead of exploiting it, and follow the security research guidelines in our Acceptable Use Policy. Help others when you can, and remember that everyone here was a beginner once.',
      ],
    },
    {
      heading: 'Reporting a problem',
      blocks: [
        `If you see a listing, a bid pattern or behaviour that breaks this Code, please tell us through ${CONTACT}. Include the address of the auction page and a short description of what happened. We read every report and keep the name of the person who reported it private.`,
      ],
    },
    {
      heading: 'Consequences',
      blocks: [
        'Depending on how serious a violation is and whether it has happened before, we may:',
        {
          list: [
            'send a reminder or a warning;',
            'remove a listing or cancel an auction;',
            'cancel bids that were placed in bad faith;',
            'suspend an account for a period of time;',
            'close an account permanently.',
          ],
        },
        'We try to be fair and proportionate, and we will explain our decision when we can. If you think we made a mistake, contact us and we will take another look.',
      ],
    },
  ],
};

const acceptableUsePolicy: LegalDocument = {
  slug: 'acceptable-use-policy',
  title: 'Acceptable Use Policy',
  summary: 'What may not be listed or done on Open Auction, including scraping, load attacks and how to report security issues.',
  lastUpdated: LAST_UPDATED,
  intro: [
    'This Acceptable Use Policy sets out what you may not do on Open Auction. It is part of our Terms of Service and applies to everyone who uses the site, signed in or not. Open Auction is a small educational demo that runs on modest resources, so a single person misusing it can spoil it for an entire class.',
  ],
  sections: [
    {
      heading: 'Prohibited items',
      blocks: [
        'You may not list, describe or upload pictures of:',
        {
          list: [
            'anything that is illegal to sell or own where you or the buyer live;',
            'weapons, ammunition, explosives and their parts;',
            'drugs, medicines, alcohol, tobacco and related equipment;',
            'stolen goods, counterfeits and replicas presented as genuine;',
            'live animals, human remains or body parts;',
            'recalled or hazardous products;',
            'personal data, accounts, passwords or access to services;',
            'sexually explicit material, or content that is hateful, violent or exploits anyone.',
          ],
        },
        'If you are not sure whether an item is allowed, ask us first.',
      ],
    },
    {
      heading: 'Prohibited behaviour',
      blocks: [
        {
          list: [
            'Creating accounts with false details, or more than one account per person.',
            "Using someone else's account, or trying to guess or reset their password.",
            'Shill bidding or any other manipulation of prices (see the Code of Conduct).',
            'Posting misleading listings or photos.',
            'Sending spam, phishing messages or malware, including in contact messages and item descriptions.',
            'Harassing, threatening or impersonating other people, including our administrators.',
          ],
        },
      ],
    },
    {
      heading: 'Automated access and load',
      blocks: [
        'Please use Open Auction through its pages or its documented interface, at a human pace.',
        {
          list: [
            'Do not scrape or crawl the site, or collect user names, emails or other data in bulk.',
            'Do not run load tests, stress tests or denial-of-service attacks against the site, and do not flood it with requests, sign-ups, bids, uploads or messages.',
            'Do not use bots to place bids or to watch auctions and snipe them automatically.',
            'Do not try to get around rate limits, access controls or the limits on bids, photos and dates.',
          ],
        },
        'If you want to experiment with load or automation as part of your studies, run your own copy of the application. Its code is meant for exactly that.',
      ],
    },
    {
      heading: 'Security research',
      blocks: [
        'We welcome people who look for security problems in good faith, as long as they follow a few rules:',
        {
          list: [
            "Test only with accounts you created yourself, and never access, change or delete other people's data.",
            'Do not degrade the site for others: no denial-of-service testing, no mass account creation, no automated scanning that floods the server.',
            'Stop as soon as you have confirmed a problem, and do not keep or share any data you came across.',
            `Report what you found privately through ${CONTACT}, with enough detail for us to reproduce it.`,
            'Give us a reasonable time to fix the problem before you talk about it publicly.',
          ],
        },
        'If you follow these rules, we will not treat your research as a violation of this policy, and we will thank you for helping keep the demo safe.',
      ],
    },
    {
      heading: 'Enforcement',
      blocks: [
        'We may remove content, cancel auctions or bids, limit access, or suspend or close accounts that break this policy, with or without notice. Where activity may be unlawful, we may also report it to the appropriate authorities.',
        `To report a violation, or to ask a question about this policy, contact us through ${CONTACT}.`,
      ],
    },
  ],
};

export const legalDocuments: readonly LegalDocument[] = [termsOfService, privacyPolicy, dmca, codeOfConduct, acceptableUsePolicy];

/** The document for a URL segment, matched case-insensitively (/legal/DMCA works like /legal/dmca). */
export function findLegalDocument(slug: string | undefined): LegalDocument | undefined {
  if (!slug) return undefined;
  const wanted = slug.toLowerCase();
  return legalDocuments.find((doc) => doc.slug === wanted);
}
