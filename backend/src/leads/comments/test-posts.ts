/** A varied set of posts, each with its kind, for the writer's tests and examples. */
export const TEST_POSTS: { kind: 'good' | 'loss' | 'neutral' | 'foreign'; text: string }[] = [
  {
    kind: 'good',
    text: 'Thrilled to announce that I have joined Acme Corp as Head of Growth after five years at Initech. Grateful to everyone who helped me get here.',
  },
  {
    kind: 'good',
    text: 'After 18 months of building in stealth, we launched Ledgerly today: invoicing for freelancers that chases late payments for you. Would love your feedback!',
  },
  {
    kind: 'good',
    text: 'Today marks 10 years of Brightside Studio. We started in a garage with two laptops and now we are a team of 40 designers. Proud of this crew.',
  },
  {
    kind: 'good',
    text: 'Some personal news: I’ve been promoted to VP of Engineering at Northwind. Excited to keep building the platform team.',
  },
  {
    kind: 'good',
    text: 'We just hit 10k customers on Pipewise! Thank you to every early adopter who put up with our bugs in year one.',
  },
  {
    kind: 'good',
    text: 'Happy to share that our seed round of $3M is closed, led by Foundry Ventures. Hiring engineers in Lisbon next.',
  },
  {
    kind: 'good',
    text: 'First day at Stripe today. New badge, new laptop, new team, same love for payments infrastructure.',
  },
  {
    kind: 'good',
    text: 'Our open source library crossed 5,000 GitHub stars this week. Never expected a side project about date parsing to get here.',
  },
  {
    kind: 'good',
    text: 'Introducing Tally for Teams: shared dashboards, role-based access and SSO, now live for every customer.',
  },
  {
    kind: 'good',
    text: 'I passed the AWS Solutions Architect Professional exam! Three months of evenings and weekends paid off.',
  },
  {
    kind: 'good',
    text: 'Excited to say I am starting a new chapter as Customer Success Lead at Helio Health, working on patient onboarding.',
  },
  {
    kind: 'good',
    text: 'Our team won the Best B2B Product award at SaaS Europe. So proud of the people who built the scheduling engine.',
  },
  {
    kind: 'loss',
    text: 'Yesterday I was laid off from Contoso along with 200 colleagues. I’m proud of the data platform we built. Open to roles in analytics engineering.',
  },
  {
    kind: 'loss',
    text: 'My position was eliminated this morning as part of a restructuring. Taking a week to breathe, then looking for product design roles.',
  },
  {
    kind: 'loss',
    text: 'It is with a heavy heart that I share my father passed away last week. He taught me everything about running a small business.',
  },
  {
    kind: 'loss',
    text: 'After four years, we are shutting down Loopwise. We ran out of runway and could not find product-market fit. Lessons below.',
  },
  {
    kind: 'loss',
    text: 'Layoffs hit our whole marketing team today. If you are hiring content marketers, these people are brilliant and I will vouch for each.',
  },
  {
    kind: 'loss',
    text: 'I was let go after eight years. Excited to see what is next, but today is hard. Any leads in fintech compliance welcome.',
  },
  {
    kind: 'loss',
    text: 'We lost our co-founder and friend Sam this weekend. Rest in peace. The company will carry on the way he wanted.',
  },
  {
    kind: 'loss',
    text: 'Burnout is real. I took three months off after I was diagnosed with anxiety, and I am only now starting to feel like myself.',
  },
  {
    kind: 'loss',
    text: 'Our startup is winding down after the acquisition fell through. Grateful for the team; sad about the ending.',
  },
  {
    kind: 'loss',
    text: 'Unfortunately I am one of the 12,000 people affected by the layoffs at a big tech company. Looking for SRE roles, remote or Berlin.',
  },
  {
    kind: 'neutral',
    text: 'Hot take: most sales teams do not need more leads. They need to follow up with the leads they already have. Discipline beats volume.',
  },
  {
    kind: 'neutral',
    text: 'Cold outreach is not dead. Lazy cold outreach is dead. Personalize the first line or do not send it.',
  },
  {
    kind: 'neutral',
    text: 'The best onboarding I have seen had one rule: the new hire ships something small on day one. Confidence compounds.',
  },
  {
    kind: 'neutral',
    text: 'Remote work did not kill culture. Bad managers killed culture, remote work just made it visible.',
  },
  {
    kind: 'neutral',
    text: 'Pricing is the most underused growth lever in SaaS. Most founders set it once and never look again.',
  },
  {
    kind: 'neutral',
    text: 'Your landing page has three seconds. Headline, proof, call to action. Everything else is decoration.',
  },
  {
    kind: 'neutral',
    text: 'Stop measuring developer productivity in lines of code. Measure lead time for changes and how often you roll back.',
  },
  {
    kind: 'neutral',
    text: 'Customer interviews are only useful if you ask about past behaviour, not future intentions. People are terrible at predicting what they will buy.',
  },
  {
    kind: 'neutral',
    text: 'Unpopular opinion: weekly status meetings are a symptom of missing written communication.',
  },
  {
    kind: 'neutral',
    text: 'Five lessons from running a bootstrapped agency for six years: charge more, say no often, write contracts, hire slowly, keep six months of cash.',
  },
  {
    kind: 'neutral',
    text: 'Content marketing works when you write for one reader with one problem. Write for everyone and nobody reads it.',
  },
  {
    kind: 'neutral',
    text: 'The difference between a good product manager and a great one is how well they say no to their favourite ideas.',
  },
  {
    kind: 'neutral',
    text: 'What is the one tool your sales team could not live without? For us it is a shared inbox with notes on every account.',
  },
  {
    kind: 'neutral',
    text: 'How do you handle technical debt in a team that ships weekly? Do you reserve a fixed share of each sprint, or tackle it as it comes?',
  },
  {
    kind: 'neutral',
    text: 'Recruiters: what makes you open one candidate message and ignore another?',
  },
  {
    kind: 'neutral',
    text: 'Which metrics do you report to your board at seed stage? Curious what other founders share monthly.',
  },
  {
    kind: 'neutral',
    text: 'Is anyone else seeing longer sales cycles in mid-market deals this quarter? Thoughts?',
  },
  {
    kind: 'neutral',
    text: 'What is the best book on negotiation you have read? I am building a reading list for our account executives.',
  },
  { kind: 'neutral', text: 'Short post today. Take a walk at lunch.' },
  { kind: 'neutral', text: '🚀🚀🚀' },
  {
    kind: 'neutral',
    text: 'Data quality is a product problem, not an engineering problem. If nobody owns the definition of an active customer, every dashboard lies.',
  },
  {
    kind: 'neutral',
    text: 'Unfortunately we launched two months late because we rebuilt the billing system twice. Here is what I would do differently.',
  },
  {
    kind: 'foreign',
    text: 'Ich freue mich sehr, mitteilen zu können, dass ich eine neue Stelle als Leiter Vertrieb bei der Müller GmbH angetreten habe.',
  },
  {
    kind: 'foreign',
    text: 'Hoy lanzamos nuestra nueva aplicación para gestionar facturas. Gracias a todo el equipo por su esfuerzo.',
  },
  {
    kind: 'foreign',
    text: 'Après dix ans chez Renault, je commence une nouvelle aventure dans une startup de mobilité électrique.',
  },
  { kind: 'foreign', text: '本日、新しい会社に入社しました。これからも よろしくお願いします。' },
  {
    kind: 'foreign',
    text: 'Vandaag ben ik ontslagen na zes jaar. Ik zoek een nieuwe rol in marketing.',
  },
  {
    kind: 'foreign',
    text: 'Nosso time acabou de atingir mil clientes. Obrigado a todos que acreditaram no projeto desde o começo.',
  },
];
