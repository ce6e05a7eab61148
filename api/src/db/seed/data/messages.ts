import type { SeedContactMessage } from './types';

/** Contact form messages for the admin inbox: a mix of unread, read and replied. */
export const contactMessages: SeedContactMessage[] = [
  {
    firstName: 'Charlotte',
    lastName: 'Pemberton',
    email: 'charlotte@willowandwick.example.co.uk',
    subject: 'Partnership enquiry: autumn candle collection',
    message:
      'Hello,\n\nI run a small candle studio in Shropshire and I have loved your home and wellness articles for a long time. We are launching an autumn collection next month and wondered whether you might be interested in an affiliate partnership or a reader giveaway.\n\nI would be happy to send samples to your team. Do let me know who the best person to speak to would be.\n\nWarm wishes,\nCharlotte',
    status: 'unread',
    daysAgo: 0,
  },
  {
    firstName: 'Aisha',
    lastName: 'Rahman',
    email: 'aisha.rahman@example.com',
    subject: 'Article pitch: managing PCOS at work',
    message:
      'Hi there,\n\nI am a freelance health writer and I was diagnosed with polycystic ovary syndrome five years ago. I would love to pitch a practical piece on managing PCOS symptoms at work, including interviews with an endocrinologist and three women in very different jobs.\n\nI have attached links to some of my previous work below. Would this be a good fit for your wellness or career section?\n\nMany thanks,\nAisha',
    status: 'unread',
    daysAgo: 1,
  },
  {
    firstName: 'Joanne',
    lastName: 'Whitfield',
    email: 'jo.whitfield@example.org',
    subject: 'Shop question: linen cushion cover colours',
    message:
      'Hi, I clicked through to the stonewashed linen cushion covers in your shop and wondered whether you know if the sage colour is closer to a grey-green or a more yellow olive? I am trying to match an existing throw. Thank you!',
    status: 'read',
    daysAgo: 3,
  },
  {
    firstName: 'Fiona',
    lastName: 'MacLeod',
    email: 'fiona.macleod@example.co.uk',
    subject: 'Thank you for the running club feature',
    message:
      'I just wanted to say thank you for the article about the Sunday run club. I read it on the train and it finally gave me the push to join my local walk-run group. I have been three times now and have already made two new friends. Please keep these community stories coming.\n\nFiona',
    status: 'read',
    daysAgo: 6,
  },
  {
    firstName: 'Hannah',
    lastName: 'Osei',
    email: 'hannah.osei@example.com',
    subject: 'Hydration challenge: not receiving daily emails',
    message:
      'Hello, I signed up for the 30-Day Hydration Challenge last week but I have not received any of the daily reminder emails. I have checked my spam folder. Could you check whether my address is registered correctly? Thanks so much.',
    status: 'replied',
    daysAgo: 9,
  },
  {
    firstName: 'Tom',
    lastName: 'Gallagher',
    email: 'tom@northwindactive.example.co.uk',
    subject: 'Correction request: resistance band product listing',
    message:
      'Good morning,\n\nThank you for featuring our fabric resistance bands in your fitness edit. We noticed the listing mentions a printable workout guide; that is correct, but the carry pouch is now made from recycled polyester rather than cotton. Could the description be updated when you have a moment?\n\nKind regards,\nTom Gallagher\nPartnerships, Northwind Active',
    status: 'replied',
    daysAgo: 15,
  },
  {
    firstName: 'Priya',
    lastName: 'Natarajan',
    email: 'priya.n@example.org',
    subject: 'Recipe request: more vegetarian Indian dishes',
    message:
      'Hi Bloom & Balance team,\n\nI made the red lentil and spinach dal last weekend and my whole family loved it. Would you consider adding a few more vegetarian Indian recipes, perhaps a chana masala or a paneer dish? Something that can be batch cooked would be perfect for busy weeks.\n\nBest wishes,\nPriya',
    status: 'replied',
    daysAgo: 28,
  },
];
