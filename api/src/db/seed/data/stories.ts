/** Reader stories waiting for review in Messages → Community Stories. */
export const storySubmissions: {
  name: string;
  email: string;
  title: string;
  story: string;
  daysAgo: number;
}[] = [
  {
    name: 'Hannah Okafor',
    email: 'hannah.okafor@example.com',
    title: 'How a 10-minute walk rebuilt my mornings',
    story:
      'Last winter I was waking up already tired, scrolling in bed for half an hour before I could face the day. A friend suggested a ten-minute walk before breakfast, no phone, no podcast.\n\nThe first week was miserable and cold. By the third week I noticed I was sleeping better, and by spring the walk had become the one part of the day that was only mine. I still do it, rain or shine, and I have started inviting my neighbour along on Fridays.',
    daysAgo: 1,
  },
  {
    name: 'Grace Liu',
    email: 'grace.liu@example.com',
    title: 'Going back to work after my first baby',
    story:
      'Nobody told me how strange the first day back would feel. I had rehearsed the commute and the childcare handover, but not the moment I sat down at my desk and realised I had forgotten my password.\n\nWhat helped most was a phased return: three short days a week for a month, and a manager who asked what I needed instead of assuming. I am writing this for anyone dreading their own first Monday back: it gets easier, and it is fine to ask for the arrangement you need.',
    daysAgo: 3,
  },
];
