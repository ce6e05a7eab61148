import type { SeedArticle } from './types';

/**
 * Demo articles: 4+ published per site category, 3 external sports items and 2 drafts.
 * Roughly half the bodies are HTML, the rest use the markdown-like form the editor understands.
 */
export const articles: SeedArticle[] = [
  // ---------------------------------------------------------------------------
  // Wellness
  // ---------------------------------------------------------------------------
  {
    slug: 'ten-minute-morning-rituals-that-stick',
    title: 'Ten-Minute Morning Rituals That Actually Stick',
    excerpt:
      'Forget the 5am club. These small, realistic morning habits take ten minutes or less and make the rest of the day feel noticeably calmer.',
    content: `<p>Every January the internet fills up with elaborate morning routines: cold plunges, hour-long journalling sessions, green juice pressed at dawn. They look lovely on camera, but most of us have a commute, a child who cannot find a shoe, or simply a body that does not want to get out of bed in the dark. The good news is that a morning ritual does not need to be long to be worthwhile. It needs to be repeatable.</p>
<h2>Why small beats impressive</h2>
<p>Habits stick when they are easy to start and easy to finish. A ten-minute routine that you do five mornings out of seven will do far more for you than a ninety-minute one you abandon by the second week. Think of it as setting the tone rather than overhauling your life.</p>
<h2>Five ideas to mix and match</h2>
<ul>
<li><strong>Water before screens.</strong> Keep a glass by the bed and drink it before you pick up your phone. It is a tiny pause that stops the day beginning with other people's demands.</li>
<li><strong>Two minutes of light.</strong> Open the curtains or step onto the doorstep. Morning daylight helps anchor your body clock, which in turn makes it easier to fall asleep at night.</li>
<li><strong>One stretch sequence.</strong> Cat-cow, a forward fold and a gentle twist either side. Nothing strenuous; you are simply telling your body it is time to move.</li>
<li><strong>A three-line plan.</strong> Write down the one thing that must happen today, the one thing you would like to happen, and one kind thing you will do for yourself.</li>
<li><strong>A proper breakfast, even a quick one.</strong> Greek yoghurt with oats and berries takes ninety seconds and keeps you going far longer than a biscuit eaten over the sink.</li>
</ul>
<h2>Making it stick</h2>
<p>Attach your new habit to something you already do. If you always put the kettle on, that is your cue to stretch while it boils. If you always check the weather, that is your cue to open the curtains first. Behavioural researchers call this habit stacking, and it works because you are not relying on willpower at the moment you are least likely to have any.</p>
<p>Be generous with yourself on the days it does not happen. Missing a morning is not failure; it is just a Tuesday. The aim is a routine that bends around real life rather than one that snaps the first time the alarm fails.</p>
<p>If you would like a little structure, our <a href="https://www.example.org/bloom-and-balance/morning-reset">free seven-day morning reset</a> sends one short prompt to your inbox each day. Many readers tell us that by day four they no longer need the reminder at all.</p>
<h2>What about the weekends?</h2>
<p>Weekend mornings are a chance to stretch the ritual rather than abandon it. Keep the anchor habits, the glass of water and the open curtains, and then let the rest expand. A slow breakfast at the table, a walk before the shops get busy, or twenty minutes with a book in bed can turn the same framework into something that feels like a treat rather than a task. The consistency of the first few minutes is what keeps your body clock steady across the week.</p>
<p>Start with one idea from the list tomorrow. Notice how the first hour feels. Then add another next week, and let the routine grow at its own pace.</p>`,
    category: 'wellness',
    imageUrl: '/demo/article-wellness-1.webp',
    tags: ['morning routine', 'habits', 'self-care'],
    readTime: 3,
    author: 'Harriet Lowe',
    description:
      'Realistic ten-minute morning rituals that fit around commutes and children: water before screens, daylight, gentle stretches and a simple three-line plan.',
    status: 'published',
    publishedDaysAgo: 0,
  },
  {
    slug: 'sleep-hygiene-for-busy-minds',
    title: 'Sleep Hygiene for Busy Minds: A Gentle Reset',
    excerpt:
      'If your head hits the pillow and your brain starts writing tomorrow’s to-do list, these practical steps can help you switch off and sleep more soundly.',
    content: `# Sleep Hygiene for Busy Minds

Most of us know the basics of good sleep: a dark room, a regular bedtime, not too much caffeine. Yet many women tell us the real problem is not the bedroom but the brain. The moment the light goes out, the mental admin begins.

This gentle reset is designed for exactly that.

## Start the wind-down earlier than you think

Your body needs a runway. Aim to begin winding down around an hour before you want to be asleep. Dim the main lights, switch to lamps, and move away from anything that asks you to make decisions, such as emails, online shopping or the family group chat.

![A calm, soft-focus bedroom scene](/demo/article-wellness-2.webp)

## Empty your head onto paper

Keep a notebook by the bed, not your phone. Before you turn in, spend five minutes on a **brain dump**: everything you are worried about, everything you need to remember, half-finished thoughts about that meeting. You are not solving anything, just parking it somewhere safe until morning.

Some readers like to finish with three small things that went well. It sounds twee, but it gently shifts attention from threat to reassurance, which is exactly what a busy mind needs before sleep.

## Make the bedroom boring

### Temperature
A slightly cool room, around 16 to 18°C, suits most people. A warm bath an hour or so before bed can help too, because your body temperature drops afterwards.

### Light and sound
Blackout blinds or an eye mask make a real difference in summer. If you live on a busy road, a fan or a white-noise app can mask the unpredictable sounds that jolt you awake.

### Screens
It is not only the blue light. Scrolling keeps your brain engaged and alert. If your phone is also your alarm, put it across the room and buy a cheap clock for the bedside.

## Watch the afternoon, not just the evening

Caffeine has a half-life of around five hours, so a flat white at three o'clock can still be circulating at bedtime. Try switching to decaf or herbal tea after lunch for a fortnight and see whether it helps. Alcohol is another quiet culprit: it may help you drop off, but it fragments sleep in the second half of the night.

## If you cannot sleep, get up

Lying awake for an hour teaches your brain that bed is a place for worrying. If you have been awake for what feels like twenty minutes, get up, go somewhere dim, and do something quiet, such as reading a paper book or folding laundry, until you feel sleepy again.

## Know when to ask for help

Occasional poor nights are normal. But if sleep problems last more than a few weeks, or you feel exhausted however long you sleep, talk to your GP. Conditions such as thyroid problems, anaemia and sleep apnoea are more common than people realise and very treatable.

For more on sleep and hormones, see our guide to [sleep through the menopause](https://example.org/wellness/sleep-and-menopause).

**Tonight's one small step:** write the brain dump. That is all. Tomorrow, notice whether the first twenty minutes in bed felt any different.`,
    category: 'wellness',
    imageUrl: '/demo/article-wellness-2.webp',
    tags: ['sleep', 'stress', 'evening routine'],
    readTime: 3,
    author: 'Dr Priya Chandran',
    description:
      'A gentle sleep reset for racing minds: an earlier wind-down, a five-minute brain dump, a cool dark bedroom, and knowing when to talk to your GP about sleep.',
    status: 'published',
    publishedDaysAgo: 9,
  },
  {
    slug: 'training-in-sync-with-your-cycle',
    title: 'Understanding Your Cycle: Training and Resting in Sync',
    excerpt:
      'Your energy, strength and recovery shift across the month. Here is how to work with those changes rather than against them, without turning it into a rulebook.',
    content: `<p>For decades, most exercise research was carried out on men, and the advice that trickled down to the rest of us assumed that every week of the month feels the same. Anyone with a menstrual cycle knows that is not true. Some weeks you feel unstoppable; others, a gentle walk feels like plenty.</p>
<p>Cycle syncing is the idea of adjusting your training to match those shifts. The science is still developing, so treat what follows as a framework for paying attention rather than a strict plan.</p>
<h2>The four phases, simply put</h2>
<ul>
<li><strong>Menstrual phase (roughly days 1–5).</strong> Hormone levels are at their lowest. Many women feel tired or crampy, though some feel surprisingly good once the first day or two have passed. Walking, yoga, mobility work and lighter sessions often suit this phase.</li>
<li><strong>Follicular phase (roughly days 6–13).</strong> Oestrogen rises and energy tends to follow. This can be a great time to try new classes, push for personal bests or add intensity.</li>
<li><strong>Ovulation (around day 14).</strong> Strength may peak, though some research suggests ligaments are slightly more lax, so warm up thoroughly and take care with sudden changes of direction.</li>
<li><strong>Luteal phase (roughly days 15–28).</strong> Progesterone rises, body temperature climbs a little and many people feel more fatigued in the final week. Steady cardio, moderate strength work and extra attention to sleep and hydration can help.</li>
</ul>
<h2>Track before you change anything</h2>
<p>Cycles vary enormously, and the textbook 28 days is just an average. Before adjusting your training, spend two or three months noting your energy, mood, sleep and how workouts felt. A simple note on your phone is enough. Patterns usually emerge faster than you expect.</p>
<h2>What if you are on hormonal contraception?</h2>
<p>Many forms of hormonal contraception flatten the natural rise and fall of hormones, so the phases above may not apply. Tracking how you feel is still useful, because you will spot your own patterns, whatever is driving them.</p>
<h2>Listen, but do not let it limit you</h2>
<p>The most important point is that no phase makes you incapable. Elite athletes win medals on every day of the cycle. Cycle awareness is about giving yourself permission to ease off when your body asks, and to go for it when you feel strong. It is not about cancelling plans because an app told you to.</p>
<p>If your periods are very painful, very heavy or irregular, speak to your GP. Conditions such as endometriosis and polycystic ovary syndrome are common and deserve proper support. The <a href="https://www.example.org/health/period-problems">women's health hub</a> is a good place to start preparing questions for your appointment.</p>`,
    category: 'wellness',
    imageUrl: '/demo/article-wellness-1.webp',
    tags: ['menstrual cycle', 'fitness', 'hormones', 'women’s health'],
    readTime: 2,
    author: 'Amara Okafor',
    description:
      'How energy, strength and recovery shift across the menstrual cycle, and a relaxed framework for adjusting your training without letting an app run your life.',
    status: 'published',
    publishedDaysAgo: 23,
  },
  {
    slug: 'breathwork-for-beginners',
    title: 'Breathwork for Beginners: Three Techniques to Try Today',
    excerpt:
      'You breathe around twenty thousand times a day. Learning to do a handful of those breaths on purpose is one of the simplest stress tools there is.',
    content: `# Breathwork for Beginners

Breathwork has had something of a glow-up. Once the preserve of yoga studios, it now turns up in boardrooms, antenatal classes and sports changing rooms. Strip away the jargon and it is simply this: **breathing on purpose, in a particular pattern, to change how you feel.**

You do not need any equipment, and you can practise at your desk, on the bus or in the car park before a difficult conversation.

## Why it works

When you are stressed, breathing tends to become fast and shallow. Slowing it down, and especially lengthening the out-breath, nudges your nervous system towards its calmer "rest and digest" mode. It is not magic, but it is a real physiological lever that you can pull at any time.

## 1. Box breathing

Popular with everyone from pilots to paramedics.

- Breathe in through your nose for a count of four
- Hold for four
- Breathe out for four
- Hold for four

Repeat four to six times. If holding feels uncomfortable, shorten the holds to two.

## 2. The extended exhale

The simplest of the three, and the best for anxious moments.

Breathe in for a count of four, then out for a count of six or eight, as if you were slowly blowing through a straw. Five minutes of this before bed is a lovely habit.

## 3. The physiological sigh

Take a normal breath in through the nose, then a second, shorter sip of air on top of it, then a long, slow breath out through the mouth. Researchers have found that even one to three of these can take the edge off acute stress.

![Soft concentric ripples in sage and rose](/demo/article-wellness-1.webp)

## A few gentle cautions

### Go easy on the intense styles
Some fast, forceful techniques can leave you light-headed. Stick with slow breathing if you are pregnant, have a heart or lung condition, or have a history of panic attacks, and check with your GP if you are unsure.

### Do not force it
If counting makes you tense, drop the numbers and simply make the out-breath a little longer than the in-breath.

## Building a tiny habit

Pick a cue you meet every day, such as the kettle boiling, the first sip of coffee or waiting at a red light, and do three slow breaths. That is it. Over a few weeks you will find yourself reaching for it automatically when things get tense.

Our [five-minute guided audio](https://example.org/bloom-and-balance/breathwork-audio) walks you through all three techniques if you would prefer a voice to follow.`,
    category: 'wellness',
    imageUrl: '/demo/article-wellness-2.webp',
    tags: ['breathwork', 'stress', 'mindfulness'],
    readTime: 2,
    author: 'Harriet Lowe',
    description:
      'Three simple breathwork techniques for beginners: box breathing, the extended exhale and the physiological sigh, with tips to build a calming daily habit.',
    status: 'published',
    publishedDaysAgo: 47,
  },
  {
    slug: 'walking-the-most-underrated-workout',
    title: 'Walking: The Most Underrated Workout You Are Already Doing',
    excerpt:
      'No gym, no kit, no membership. Here is why a brisk daily walk deserves far more credit, and how to make each one count a little more.',
    content: `# Walking

There is a quiet revolution happening on pavements and footpaths up and down the country. After years of high-intensity everything, many women are rediscovering the humble walk, and the evidence suggests they are onto something.

## What the research says

Regular brisk walking is linked with lower blood pressure, better blood sugar control, improved mood and stronger bones. Brisk means you can still talk but would struggle to sing. Even ten-minute bouts add up across a day, so you do not need to find a free hour.

There is a mental-health dividend too. Walking outdoors, particularly somewhere green, has been associated with reduced rumination, the repetitive negative thinking that tends to spiral when we are stressed.

![Gentle flowing lines in sage and rose](/demo/article-sports-1.webp)

## Five ways to get more from your walk

- **Add some hills.** An incline raises your heart rate without the joint impact of running.
- **Try intervals.** Alternate two minutes at a comfortable pace with one minute as fast as you can walk.
- **Carry nothing.** Let your arms swing freely; it improves posture and rhythm.
- **Walk with someone.** A walking catch-up replaces a coffee and doubles as social time.
- **Leave the headphones at home once a week.** Noticing birdsong and the changing seasons is a form of mindfulness that needs no app.

## Getting the basics right

Comfortable, supportive trainers matter more than technical clothing. If you are walking in the dark months, a reflective band or a clip-on light is a sensible investment. And if you have joint pain or a long-term condition, build up gradually and talk to your GP or physiotherapist about what is right for you.

## Making it a habit

The easiest walks to keep are the ones built into your day. Get off the bus a stop early. Take phone calls on the move. Walk the long way to the school gate. Park at the far end of the supermarket car park. None of these feel like exercise, which is exactly why they work.

If you like a goal, our [10,000 steps challenge](https://www.example.org/bloom-and-balance/challenges) has thousands of members cheering each other on. But you do not need a number to benefit. Simply walking a little more than you did last week is progress worth celebrating.`,
    category: 'wellness',
    imageUrl: '/demo/article-wellness-1.webp',
    tags: ['walking', 'fitness', 'mental health'],
    readTime: 2,
    author: 'Megan Doyle',
    description:
      'Why brisk walking deserves more credit: the health benefits, five ways to get more from every walk, and easy tricks to build more steps into a busy day.',
    status: 'published',
    publishedDaysAgo: 88,
  },
  // ---------------------------------------------------------------------------
  // Style
  // ---------------------------------------------------------------------------
  {
    slug: 'capsule-wardrobe-edit-12-pieces',
    title: 'The Capsule Wardrobe Edit: 12 Pieces, Endless Outfits',
    excerpt:
      'Twelve hard-working pieces, one calm colour palette and a lot less time standing in front of the wardrobe. Here is how to build a capsule that actually suits your life.',
    content: `# The Capsule Wardrobe Edit

A capsule wardrobe is not about owning as little as possible. It is about owning clothes that all talk to each other, so that getting dressed takes two minutes rather than twenty. Start with twelve pieces, wear them for a month, and you will learn more about your style than any trend report could tell you.

## Choose your palette first

Pick **two neutrals** (say navy and oatmeal, or black and camel) and **one or two accent colours** you love wearing near your face. Everything in the capsule should sit within that palette. This is the secret that makes twelve pieces feel like fifty.

![Soft neutral knitwear on a hanger](/demo/product-fashion.webp)

## The twelve pieces

### Tops
1. A crisp white or ecru shirt
2. Two fine-knit long-sleeve tops in your neutrals
3. A striped Breton top
4. A soft crew-neck jumper in your accent colour

### Bottoms
5. Straight-leg dark denim
6. Tailored wide-leg trousers
7. A midi skirt that works with trainers and boots

### Layers
8. A single-breasted blazer
9. A trench coat or mac
10. A long cardigan you would happily wear as a jacket

### One dress
11. A plain jersey or crepe dress that can be dressed up or down

### And the finisher
12. A good leather belt, which quietly pulls every outfit together

## How to make it work

**Mix textures, not colours.** A chunky knit with silky trousers or crisp cotton with soft denim keeps a limited palette interesting.

**Let shoes and accessories do the talking.** Two pairs of shoes (a smart flat and a clean trainer), one bag and a few pieces of jewellery change the mood of an outfit instantly. Shoes and accessories are not counted in the twelve.

**Photograph your outfits.** For the first fortnight, snap a quick mirror picture each morning. By the end you will have a personal lookbook to scroll when inspiration runs dry.

![Neutral skincare and accessories on a cream background](/demo/product-skincare.webp)

## Shopping your own wardrobe first

Before you buy anything, pull out everything that fits the palette and lay it on the bed. Most people find they already own eight or nine of the twelve pieces. Fill the gaps slowly and prioritise quality on the things you wear most, which for most of us means trousers, knitwear and a coat.

## Adapting it through the seasons

Twelve pieces will not see you through both a January cold snap and an August heatwave. Keep the structure but swap a few items at the turn of each season: the jumper becomes a linen shirt, the trench becomes a lightweight jacket, denim makes way for a cotton skirt. Store the out-of-season pieces clean and folded, and you will greet them like old friends in six months.

## Is it for you?

If you love fashion as a creative hobby, a strict capsule can feel limiting, and that is fine. Think of it instead as a reliable base layer that frees up energy for the statement pieces you adore. If you find mornings stressful, it may be the single most calming change you make this year.

Browse our [capsule wardrobe shopping list](https://example.org/shop/capsule-wardrobe) for pieces we have tried, tested and re-worn.`,
    category: 'style',
    imageUrl: '/demo/article-style-1.webp',
    tags: ['capsule wardrobe', 'minimalism', 'style tips', 'sustainable fashion'],
    readTime: 3,
    author: 'Sophie Marsh',
    description:
      'Build a capsule wardrobe of 12 hard-working pieces: choose a palette, pick the essentials and learn to mix textures so getting dressed takes two minutes.',
    status: 'published',
    publishedDaysAgo: 1,
  },
  {
    slug: 'how-to-shop-vintage-like-a-stylist',
    title: 'How to Shop Vintage Like a Stylist',
    excerpt:
      'Charity shops, kilo sales and online marketplaces are treasure troves if you know what to look for. A stylist shares her rules for finding pieces worth keeping.',
    content: `<p>Buying second-hand is one of the easiest ways to dress more sustainably, and it is also where you will find the pieces nobody else is wearing. But anyone who has wandered into a vintage warehouse knows it can be overwhelming. Rails of polyester, mysterious smells and sizing that makes no sense at all.</p>
<p>We asked stylist Lydia Brennan, who has dressed clients almost entirely in pre-loved clothing for eight years, for her approach.</p>
<h2>Go in with a list</h2>
<p>"The biggest mistake is browsing without a plan," says Lydia. "Write down the three things you actually need, such as a wool coat, black ankle boots or a silk blouse, and look for those first. Anything else is a bonus, not the point."</p>
<h2>Feel before you look</h2>
<p>Run your hand along the rail with your eyes half closed. Natural fibres such as wool, silk, linen and good cotton have a weight and softness that is easy to feel once you have practised. Then check the label. Older pieces often use far better fabric than their modern equivalents at the same price.</p>
<h2>Check the details</h2>
<ul>
<li><strong>Seams and hems.</strong> Generous seam allowances mean a piece can be let out or altered.</li>
<li><strong>Underarms and collars.</strong> Look for staining or wear in the places that get the most friction.</li>
<li><strong>Zips and buttons.</strong> Easy and cheap to replace, so do not let a missing button put you off a great coat.</li>
<li><strong>Moth damage.</strong> Hold knitwear up to the light and look for small holes, especially around the cuffs.</li>
</ul>
<h2>Ignore the size on the label</h2>
<p>Vintage sizing has shifted dramatically over the decades. A size 14 from the 1970s may fit like a modern 10. Carry a tape measure and know your key measurements: bust, waist, hips and inside leg. Many online sellers list garment measurements, so compare them with something you already own that fits well.</p>
<h2>Budget for a tailor</h2>
<p>"The pieces that look the most expensive on my clients are almost always altered," Lydia says. Taking up a hem or nipping in a waist usually costs less than a takeaway, and it turns a near-miss into something that looks made for you.</p>
<h2>Where to look</h2>
<p>Charity shops in affluent areas tend to have higher-end labels, while kilo sales are brilliant for denim and casual pieces. Online, search with specific terms such as "pure wool", "silk" or "made in England" rather than brand names. Our <a href="https://www.example.org/bloom-and-balance/second-hand-guide">guide to second-hand shopping online</a> lists the filters that save the most time.</p>
<p>Finally, be patient. The thrill of vintage is that you cannot order the perfect piece on demand. When it does appear, you will know.</p>`,
    category: 'style',
    imageUrl: '/demo/article-style-2.webp',
    tags: ['vintage', 'second-hand', 'sustainable fashion'],
    readTime: 2,
    author: 'Sophie Marsh',
    description:
      'A stylist shares her rules for shopping vintage and charity shops: go in with a list, feel the fabric, check the details, ignore label sizes and find a tailor.',
    status: 'published',
    publishedDaysAgo: 14,
  },
  {
    slug: 'colour-analysis-without-the-jargon',
    title: 'Colour Analysis Without the Jargon',
    excerpt:
      'Warm or cool? Spring or winter? You do not need a paid consultation to work out which shades make you look rested and bright. Try this at home.',
    content: `# Colour Analysis Without the Jargon

Colour analysis is having a moment on social media, complete with dramatic before-and-after videos and seasonal labels that sound like a weather forecast. Underneath the theatre there is a genuinely useful idea: **some colours make your skin look clearer and your eyes brighter, while others drain you.** Knowing which is which makes shopping far easier.

## The three questions that matter

Professional analysts look at many things, but you can get most of the way with three simple questions.

### 1. Warm or cool?

Stand by a window in natural daylight with no make-up on. Hold a piece of gold fabric or jewellery near your face, then silver. If gold makes your skin look glowing and silver makes you look grey, you probably have a warm undertone. If silver looks fresh and gold looks brassy, you are likely cool. If both look fine, you may be neutral, which is lucky: you can wear most things.

### 2. Light or deep?

Compare a soft pastel with a rich, dark shade in the same colour family, such as powder blue against navy. Which one looks like it belongs with your hair and eyes? Which one looks like it is wearing you?

### 3. Soft or bright?

Finally, compare a muted, slightly greyed colour (think dusty rose or sage) with a clear, saturated one (think fuchsia or emerald). Some people come alive in bright shades; others look best in gentle, blended tones.

![Layered arches in dusty rose and sand](/demo/article-style-1.webp)

## Putting it together

Your answers give you a rough profile, for example **warm, deep and soft**, which points towards colours such as olive, rust, camel and chocolate. **Cool, light and bright** suggests icy pink, clear blue and crisp white.

You do not need to throw anything away. Use the insight in three ways:

- **Near your face** is where colour matters most. Wear your best shades as tops, scarves and collars.
- **Further away**, such as trousers, skirts and shoes, anything goes.
- **Make-up can bridge the gap.** A lipstick in your best shade can rescue a jumper that is not quite right.

## A word on rules

Fashion has a long history of telling women what they can and cannot wear, and colour analysis can easily slip into that. Treat it as a tool, not a verdict. If you love a colour that is supposedly wrong for you, wear it with confidence and put a flattering shade near your face.

For a printable colour swatch card, see our [colour analysis worksheet](https://example.org/style/colour-worksheet).`,
    category: 'style',
    imageUrl: '/demo/article-style-1.webp',
    tags: ['colour analysis', 'style tips', 'make-up'],
    readTime: 2,
    author: 'Jess Whitaker',
    description:
      'Work out your best colours at home with three simple questions about undertone, depth and brightness, plus how to use the results without strict style rules.',
    status: 'published',
    publishedDaysAgo: 36,
  },
  {
    slug: 'caring-for-knitwear',
    title: 'Caring for Knitwear: Make Your Jumpers Last a Decade',
    excerpt:
      'Bobbling, stretching and the dreaded moth: most knitwear disasters are preventable. Here is how to wash, dry, store and repair your favourite jumpers.',
    content: `<p>A good jumper is one of the best investments in any wardrobe. Wool and cashmere are warm, breathable and naturally odour-resistant, and with a little care they will last for years. Yet many of us treat knitwear like T-shirts, washing it too often and too hot, and then wonder why it looks tired by February.</p>
<h2>Wash less than you think</h2>
<p>Wool does not need washing after every wear. Air it overnight on the back of a chair and most smells will vanish. As a rule, wash a jumper after five or six wears, or sooner if it is worn next to the skin or you have spilled something on it.</p>
<h2>How to wash</h2>
<ul>
<li><strong>Hand wash or a wool cycle.</strong> Use cool water, around 30°C at most, and a detergent made for wool. Ordinary biological detergents contain enzymes that break down natural protein fibres.</li>
<li><strong>Turn it inside out.</strong> This reduces friction on the outer surface, which is what causes bobbling.</li>
<li><strong>Never wring.</strong> Press the water out gently, then roll the jumper in a towel and press again.</li>
</ul>
<h2>How to dry</h2>
<p>Lay knitwear flat on a dry towel or a mesh drying rack, away from radiators and direct sunlight. Reshape it while damp, gently easing the cuffs and hem back into place. Hanging a wet jumper will stretch it, sometimes permanently.</p>
<h2>Dealing with bobbles</h2>
<p>Pilling is normal, especially under the arms and on the sides where a bag rubs. A fabric comb or battery-operated de-piller removes bobbles in minutes. Go gently and work in one direction; a quick session once a month keeps a jumper looking new.</p>
<h2>Storing and moth prevention</h2>
<p>Fold knitwear rather than hanging it. Moths are attracted to natural fibres, particularly if they carry traces of skin, sweat or food, so always store clean jumpers. Cedar blocks and lavender sachets help deter them, and over the summer months it is worth sealing your best pieces in cotton storage bags.</p>
<p>If you do spot holes, act quickly: pop the affected item in a sealed bag in the freezer for a few days to kill any eggs, then vacuum the drawer thoroughly.</p>
<h2>Mending is part of the charm</h2>
<p>Small holes can be darned with matching yarn in ten minutes, or you can embrace visible mending with a contrasting colour. Local haberdasheries and community repair cafés often run drop-in sessions, and our <a href="https://www.example.org/bloom-and-balance/visible-mending">beginner's guide to visible mending</a> walks through the basic stitches.</p>
<p>A decade-old jumper that has been washed carefully and mended lovingly has a character that no new piece can match.</p>`,
    category: 'style',
    imageUrl: '/demo/article-style-2.webp',
    tags: ['knitwear', 'clothing care', 'sustainable fashion'],
    readTime: 2,
    author: 'Eleanor Finch',
    description:
      'How to wash, dry, de-bobble, store and mend wool and cashmere jumpers so they last for years, including simple ways to keep clothes moths at bay at home.',
    status: 'published',
    publishedDaysAgo: 71,
  },
  // ---------------------------------------------------------------------------
  // Nutrition
  // ---------------------------------------------------------------------------
  {
    slug: 'balanced-plate-without-counting',
    title: 'Building a Balanced Plate Without Counting Anything',
    excerpt:
      'No apps, no scales, no spreadsheets. A simple visual method for putting together meals that keep you full, energised and genuinely satisfied.',
    content: `<p>Calorie counting works for some people, but for many of us it turns eating into a maths test we are always failing. There is a gentler approach that registered dietitians have used for years: look at your plate and build it in sections.</p>
<h2>The half, quarter, quarter method</h2>
<ul>
<li><strong>Half the plate: vegetables and fruit.</strong> Aim for a mix of colours. Frozen and tinned count just as much as fresh, and they are often cheaper and less wasteful.</li>
<li><strong>A quarter: protein.</strong> Eggs, fish, chicken, tofu, beans, lentils, Greek yoghurt or cottage cheese. Protein helps you feel full and supports muscle, which becomes increasingly important from your forties onwards.</li>
<li><strong>A quarter: starchy carbohydrates.</strong> Wholegrain rice, potatoes with their skins, wholewheat pasta, oats or good bread. Carbohydrates are not the enemy; they are your brain's preferred fuel.</li>
</ul>
<p>Then add <strong>a thumb of healthy fat</strong>, such as olive oil, a handful of nuts, some avocado or a sprinkle of seeds, which makes meals more satisfying and helps you absorb certain vitamins.</p>
<h2>It does not have to be a literal plate</h2>
<p>A stew, a curry or a pasta bake can still follow the same pattern. Ask yourself: where are the vegetables, where is the protein, and is there some fibre-rich carbohydrate? If a meal is mostly pasta with a little sauce, stir in a bag of spinach and a tin of chickpeas. If breakfast is toast, add eggs and a handful of cherry tomatoes.</p>
<h2>Listen to your hunger</h2>
<p>Portion sizes vary enormously from person to person depending on height, activity, age and life stage. Eat slowly, pause halfway and ask yourself how hungry you still are. It takes around twenty minutes for fullness signals to register, which is why seconds often feel like a mistake later.</p>
<h2>Snacks count too</h2>
<p>The same principle works in miniature. Pair something with fibre with something with protein: an apple with peanut butter, oatcakes with hummus, or yoghurt with berries. This combination keeps blood sugar steadier than a biscuit on its own.</p>
<h2>Progress, not perfection</h2>
<p>Some meals will be beige, and that is fine. Birthday cake, chips on the seafront and a late-night toastie are part of a happy life. What matters is the overall pattern across a week, not any single meal.</p>
<p>If you have a medical condition, are pregnant, or have a history of disordered eating, a registered dietitian can give advice tailored to you. You can find one through the <a href="https://www.example.org/find-a-dietitian">dietitian directory</a>.</p>`,
    category: 'nutrition',
    imageUrl: '/demo/article-nutrition-1.webp',
    tags: ['balanced diet', 'healthy eating', 'meal planning'],
    readTime: 2,
    author: 'Nadia Hussain',
    description:
      'A simple plate method for balanced meals without counting calories: half vegetables, a quarter protein, a quarter carbs and a thumb of healthy fat to finish.',
    status: 'published',
    publishedDaysAgo: 2,
  },
  {
    slug: 'iron-explained-why-women-should-pay-attention',
    title: 'Iron, Explained: Why Women Need to Pay Attention',
    excerpt:
      'Tired all the time? Low iron is one of the most common nutrient shortfalls among women in the UK. Here is what it does, where to find it and when to get checked.',
    content: `# Iron, Explained

If you have ever described yourself as "just tired", this one is for you. Iron deficiency is one of the most common nutritional problems worldwide, and women of reproductive age are among those most at risk. Surveys in the UK suggest that a significant proportion of women and teenage girls have iron intakes below the recommended amount.

## What iron actually does

Iron is a key part of **haemoglobin**, the protein in red blood cells that carries oxygen around the body. When iron runs low, less oxygen reaches your muscles and brain, which is why the classic symptoms are tiredness, breathlessness, pale skin, headaches and heart palpitations. Some people also notice brittle nails, hair shedding or an unusual craving to chew ice.

## Why women are more at risk

- **Periods**, particularly heavy ones, mean regular iron losses
- **Pregnancy** greatly increases the body's iron needs
- **Plant-based diets** can be lower in easily absorbed iron
- **Endurance exercise** slightly increases iron turnover

Adult women aged 19 to 50 need around **14.8 mg** of iron a day, compared with 8.7 mg for men.

![Plates with colourful, iron-rich foods](/demo/article-nutrition-2.webp)

## Where to find it

### Haem iron (easily absorbed)
Red meat, liver (avoid in pregnancy), sardines, mussels and dark poultry meat.

### Non-haem iron (plant sources)
Lentils, chickpeas, beans, tofu, fortified breakfast cereals, dried apricots, pumpkin seeds, dark leafy greens and wholemeal bread.

## Absorption tricks that really help

**Pair plant iron with vitamin C.** A squeeze of lemon over lentils, peppers in a bean chilli or a glass of orange juice with fortified cereal can substantially increase how much iron you absorb.

**Move your tea and coffee.** Tannins in tea and coffee reduce iron absorption. Try having them an hour before or after meals rather than alongside.

**Mind the calcium timing.** Calcium competes with iron, so if you take a calcium supplement, take it at a different time of day from your iron-rich meals.

## Should you take a supplement?

Not without checking first. Too much iron can cause stomach upset and, over time, harm. If you recognise the symptoms above, ask your GP for a blood test that checks both haemoglobin and **ferritin**, your iron stores. You can have normal haemoglobin and still have low stores.

If you have heavy periods, mention them. Heavy menstrual bleeding is common, often under-reported, and very treatable.

For an easy week of iron-friendly dinners, see our [lentil and bean recipe collection](https://example.org/recipes/iron-rich).`,
    category: 'nutrition',
    imageUrl: '/demo/article-nutrition-2.webp',
    tags: ['iron', 'women’s health', 'energy'],
    readTime: 2,
    author: 'Nadia Hussain',
    description:
      'Why women are at higher risk of low iron, the tell-tale symptoms, the best food sources, simple absorption tricks and when to ask your GP for a blood test.',
    status: 'published',
    publishedDaysAgo: 18,
  },
  {
    slug: 'batch-cooking-sunday-week-of-lunches',
    title: 'Batch Cooking Sunday: A Week of Lunches in Two Hours',
    excerpt:
      'Two hours on a Sunday afternoon, one shopping list and five lunches that do not taste like leftovers. Our step-by-step plan for easier weekdays.',
    content: `# Batch Cooking Sunday

Meal-deal lunches add up quickly, both in cost and in packaging. Yet the idea of cooking every evening for the following day feels impossible after a long shift. The answer for many of our readers is a single, focused batch-cooking session at the weekend.

Here is a plan that produces **five varied lunches in about two hours**, with mix-and-match components rather than five identical boxes of chilli.

## The principle: components, not meals

Instead of cooking complete dishes, you prepare building blocks:

- **One grain**: a big pot of brown rice, farro or quinoa
- **One tray of roasted vegetables**: squash, red onion, peppers and courgettes
- **Two proteins**: a tray of spiced chickpeas and a batch of baked chicken thighs or marinated tofu
- **One sauce**: a lemon and tahini dressing or a green herb sauce
- **Something crunchy**: toasted seeds or a quick pickle

Each morning you assemble a different combination, so Monday's bowl feels different from Thursday's.

![Plates and bowls with prepared ingredients](/demo/article-nutrition-1.webp)

## The two-hour timeline

### 0:00 to 0:15
Preheat the oven to 200°C (180°C fan). Chop all the vegetables, toss them in olive oil and seasoning and get them in the oven. Rinse and drain two tins of chickpeas.

### 0:15 to 0:30
Put the grain on to cook. Toss the chickpeas with smoked paprika, cumin and oil and add them to a second tray. Marinate the chicken or tofu.

### 0:30 to 1:00
Cook the protein. While everything is in the oven, whisk up your dressing and make a quick pickle by covering sliced red onion with vinegar, a pinch of salt and sugar.

### 1:00 to 1:30
Toast the seeds in a dry pan. Take the trays out and let everything cool completely, which matters for food safety.

### 1:30 to 2:00
Portion into containers, keeping the dressing separate so nothing goes soggy. Wash up while the radio is on. Done.

## Storage and safety

Cooked rice should be cooled within an hour and kept in the fridge for no more than a day, so freeze your Thursday and Friday rice portions and defrost them overnight. Most other components keep well for three to four days in airtight containers. **When in doubt, freeze half on day one.**

## Five combinations to try

1. Rice, roasted veg, chicken and herb sauce
2. Quinoa, chickpeas, pickled onion and tahini
3. Leftover grain fried with an egg and spinach
4. Roasted veg blended into soup with stock
5. Everything left, wrapped in a tortilla with hummus

For a printable shopping list, head to our [batch cooking planner](https://example.org/nutrition/batch-planner).`,
    category: 'nutrition',
    imageUrl: '/demo/article-nutrition-1.webp',
    tags: ['meal prep', 'batch cooking', 'lunch ideas', 'budget'],
    readTime: 2,
    author: 'Rosie Calder',
    description:
      'A two-hour Sunday batch cooking plan that makes five varied weekday lunches from mix-and-match grains, roasted vegetables, proteins, sauces and crunch.',
    status: 'published',
    publishedDaysAgo: 52,
  },
  {
    slug: 'gut-health-basics-fibre-ferments-thirty-plants',
    title: 'Gut Health Basics: Fibre, Ferments and the Thirty-Plants Idea',
    excerpt:
      'The science of the gut microbiome is moving fast, but the practical advice is refreshingly simple. Here is what is worth doing and what you can safely skip.',
    content: `<p>Ten years ago, few people outside a laboratory had heard of the microbiome. Now supermarket shelves are lined with gut-friendly yoghurts, kombuchas and powders. The trillions of microbes in our digestive system do appear to influence everything from digestion to immunity, and possibly mood, but the research is still young. So what can you sensibly do today?</p>
<h2>Fibre first</h2>
<p>Fibre is the single most useful thing for your gut, because it is what many beneficial microbes feed on. UK guidelines recommend 30 g of fibre a day for adults, yet most of us manage around 20 g. Easy ways to close the gap include:</p>
<ul>
<li>Swapping white bread, rice and pasta for wholegrain versions</li>
<li>Adding a tin of beans or lentils to soups, stews and sauces</li>
<li>Keeping the skins on potatoes and apples</li>
<li>Sprinkling seeds, such as chia, flax or pumpkin, on porridge and salads</li>
<li>Snacking on fruit, nuts and oatcakes</li>
</ul>
<p>Increase fibre gradually and drink plenty of water, or you may find yourself uncomfortably bloated for a few days while your gut adjusts.</p>
<h2>The thirty-plants idea</h2>
<p>One large citizen-science study found that people who ate more than thirty different plant foods a week had more diverse gut microbes than those who ate ten or fewer. Plants here include vegetables, fruit, wholegrains, legumes, nuts, seeds, herbs and spices. Thirty sounds like a lot, but a mixed bag of seeds counts as several, and a spice blend adds a few more. Think variety rather than volume.</p>
<h2>Fermented foods</h2>
<p>Live yoghurt, kefir, sauerkraut, kimchi and miso contain live microbes and may support a healthy gut. They are not essential, but they are tasty ways to add variety. Start small if you are new to them. Shop-bought sauerkraut that has been pasteurised will not contain live cultures, so look for the chilled versions.</p>
<h2>What about supplements?</h2>
<p>Probiotic supplements have shown benefits for some specific conditions, such as certain types of antibiotic-associated diarrhoea, but evidence for healthy people is mixed. They are not a substitute for a varied, fibre-rich diet, and they can be expensive.</p>
<h2>When to see a doctor</h2>
<p>Persistent bloating, a change in bowel habits lasting more than three weeks, unexplained weight loss or blood in your stool should always be checked by your GP. These symptoms are usually caused by something minor, but some conditions are much easier to treat when caught early.</p>
<p>Want a head start on your thirty plants? Try our <a href="https://www.example.org/bloom-and-balance/thirty-plants-tracker">printable weekly plant tracker</a> and stick it on the fridge.</p>`,
    category: 'nutrition',
    imageUrl: '/demo/article-nutrition-2.webp',
    tags: ['gut health', 'fibre', 'fermented foods'],
    readTime: 2,
    author: 'Dr Priya Chandran',
    description:
      'A practical guide to gut health: eating 30 g of fibre a day, aiming for thirty plants a week, adding fermented foods and knowing when to see your GP.',
    status: 'published',
    publishedDaysAgo: 95,
  },
  // ---------------------------------------------------------------------------
  // Career
  // ---------------------------------------------------------------------------
  {
    slug: 'negotiating-your-salary-scripts-that-work',
    title: 'Negotiating Your Salary: Scripts That Work',
    excerpt:
      'Asking for more money makes most of us squirm. These tried-and-tested phrases, plus a little preparation, make the conversation far less daunting.',
    content: `# Negotiating Your Salary: Scripts That Work

Research consistently shows that women are less likely than men to negotiate their pay, and are sometimes penalised socially when they do. That is a problem with workplaces, not with women. But while organisations catch up, knowing exactly what to say can make a real difference to your pay packet over a whole career.

## Do your homework first

Before any conversation, gather three things:

- **Market data.** Look at salary surveys, job adverts for similar roles and pay transparency tools. Ask peers in the industry, as uncomfortable as it may feel.
- **Your evidence.** List your achievements over the past year with numbers where possible: revenue won, costs saved, projects delivered, people trained.
- **Your number.** Decide on your target figure and the lowest figure you would accept. Write both down.

## Scripts for a new job offer

When they ask for your salary expectations early on:

"I'd like to understand more about the role before naming a figure. Could you share the budgeted range?"

When the offer arrives:

"Thank you, I'm really excited about this role. Based on my research and the experience I'd bring, I was expecting something closer to £X. Is there flexibility there?"

Then **stop talking**. Silence feels awkward, but it gives the other person room to respond.

## Scripts for a pay rise

Book a dedicated meeting rather than ambushing your manager at the end of a one-to-one.

"I'd like to discuss my salary. Over the past year I've taken on X, delivered Y and helped the team achieve Z. Based on that and on market rates for similar roles, I'd like to ask for an increase to £X."

If the answer is no:

"I understand. Could we agree what I would need to demonstrate to reach that level, and set a date in the next six months to review it?"

![Rising steps in soft rose tones](/demo/article-career-1.webp)

## Negotiating beyond salary

If the budget genuinely is fixed, other things may be movable:

1. Flexible or hybrid working
2. Additional annual leave
3. A training budget or professional qualification
4. A job title that reflects your responsibilities
5. An earlier review date

## Practise out loud

It sounds silly, but saying the words aloud, to a friend, a mirror or your phone's voice recorder, takes much of the sting out of the real conversation. The first time you say your number should not be in the meeting itself.

## A final word

You are not being greedy or difficult. You are having a normal business conversation about the value of your work. For more support, our [career toolkit](https://example.org/career/negotiation-toolkit) includes a template for tracking your achievements throughout the year.`,
    category: 'career',
    imageUrl: '/demo/article-career-1.webp',
    tags: ['salary', 'negotiation', 'career growth'],
    readTime: 2,
    author: 'Clare Atherton',
    description:
      'Word-for-word scripts for negotiating a new job offer or asking for a pay rise, plus how to prepare your evidence and what to ask for if budgets are fixed.',
    status: 'published',
    publishedDaysAgo: 3,
  },
  {
    slug: 'returning-to-work-after-maternity-leave',
    title: 'Returning to Work After Maternity Leave: A Practical Guide',
    excerpt:
      'Keeping-in-touch days, flexible working requests, childcare settling-in and the emotional side that nobody warns you about. Here is what helps.',
    content: `<p>Going back to work after maternity leave is one of the biggest transitions many women face. You may be looking forward to adult conversation and a hot cup of tea, dreading the first nursery drop-off, or, most likely, feeling both at once. A little planning can take some of the pressure off.</p>
<h2>Use your keeping-in-touch days</h2>
<p>In the UK, you can work up to ten keeping-in-touch (KIT) days during statutory maternity leave without it ending your leave or pay. They are optional for both you and your employer, and you should be paid for them. Many women find that one or two KIT days in the final month make the real return feel far less abrupt: you can catch up on changes, meet new colleagues and clear your inbox before the pressure is on.</p>
<h2>Think about flexible working early</h2>
<p>All employees now have the right to request flexible working from their first day in a job. That might mean compressed hours, different start and finish times, part-time hours or hybrid working. Your employer must consider the request reasonably and can only refuse it for specific business reasons.</p>
<p>A strong request explains how the arrangement will work in practice, how you will handle meetings and communication, and offers a trial period. You can read the official guidance on <a href="https://www.example.org/flexible-working-guidance">making a flexible working request</a> before you draft yours.</p>
<h2>Plan childcare settling-in</h2>
<p>Most nurseries and childminders recommend a settling-in period of one to two weeks before your return. Build this into your plans, and have a back-up for the inevitable first-month illnesses. Children in new childcare pick up every bug going, so it is worth discussing with your partner or family how sick days will be shared.</p>
<h2>The first few weeks</h2>
<ul>
<li><strong>Start mid-week if you can.</strong> A three-day first week is much gentler than a full five.</li>
<li><strong>Book a return meeting with your manager.</strong> Agree priorities, any changes to your role and how you will be supported.</li>
<li><strong>Know your rights if you are breastfeeding.</strong> Your employer should provide somewhere suitable to rest, and it is good practice to offer a private space to express milk.</li>
<li><strong>Lower the bar at home.</strong> Freezer meals, online food shops and a slightly messier house are all perfectly acceptable.</li>
</ul>
<h2>The emotional side</h2>
<p>Guilt, relief, grief and excitement can all turn up in the same morning. Confidence often takes a knock too: many women describe feeling as though they have forgotten how to do their job. That feeling usually fades within a few weeks as skills return. Finding other parents at work, whether through a formal network or an informal coffee, can be a lifeline.</p>
<h2>Talk about your career, not just your return</h2>
<p>It is easy for the first months back to be all about logistics. Make sure that at some point, perhaps at your three-month review, you also talk about where you want to go next. Returning parents are sometimes quietly overlooked for stretch projects and promotions on the assumption that they will not want them. If you do, say so clearly.</p>
<p>If low mood lasts more than a couple of weeks or feels overwhelming, talk to your GP or health visitor. Support is available, and asking for it is a sign of strength.</p>`,
    category: 'career',
    imageUrl: '/demo/article-career-2.webp',
    tags: ['maternity leave', 'working parents', 'flexible working'],
    readTime: 3,
    author: 'Clare Atherton',
    description:
      'A practical guide to returning to work after maternity leave in the UK: KIT days, flexible working requests, childcare settling-in and the emotional side.',
    status: 'published',
    publishedDaysAgo: 27,
  },
  {
    slug: 'build-a-personal-board-of-advisers',
    title: 'Why Every Woman Needs a Personal Board of Advisers',
    excerpt:
      'One mentor cannot do it all. A small, deliberate circle of people who each bring something different can transform how you make career decisions.',
    content: `<p>Companies have boards to challenge their thinking, open doors and spot risks. So why do so many of us navigate our careers alone, or rely on a single mentor to be all things at once? The idea of a personal board of advisers is simple: a handful of people you turn to for different kinds of guidance.</p>
<h2>The five seats on your board</h2>
<ul>
<li><strong>The expert.</strong> Someone a few steps ahead in your field who understands the technical detail and can tell you which skills are genuinely valued.</li>
<li><strong>The sponsor.</strong> A senior person who will say your name in rooms you are not in. Mentors advise you; sponsors advocate for you.</li>
<li><strong>The connector.</strong> The friend who seems to know everyone and loves making introductions.</li>
<li><strong>The truth-teller.</strong> The person who will tell you kindly but plainly when you are underselling yourself or about to make a mistake.</li>
<li><strong>The outsider.</strong> Someone from a completely different industry who asks the naive questions that turn out to be the important ones.</li>
</ul>
<h2>How to recruit them</h2>
<p>You do not need to send formal invitations. Most board members will never know they have been appointed. Instead, look at the people already around you, former managers, colleagues, friends, people from courses or networking groups, and notice who plays which role. Then nurture those relationships deliberately.</p>
<p>For gaps, especially the sponsor seat, be specific when you ask. "Would you be my mentor?" is a big, vague request. "I'm weighing up a move into product management. Could I buy you a coffee and ask you three questions about how you made that switch?" is easy to say yes to.</p>
<h2>Keep it two-way</h2>
<p>Strong relationships are reciprocal. Share articles you think they would enjoy, celebrate their wins publicly, recommend them for opportunities and offer your own expertise. Even early in your career you have something to give, whether that is knowledge of a new tool or a fresh perspective on a problem.</p>
<h2>Check in regularly</h2>
<p>Once or twice a year, review your board. Has your career moved on so that you need a different kind of expert? Has someone drifted away? Are you relying too heavily on people who think just like you? Diversity of background and opinion is what makes the board valuable.</p>
<h2>Start this week</h2>
<p>Write the five roles on a piece of paper and put a name next to each one you already have. Choose one empty seat and think of a single person who might fill it. Then send one message. For ideas on how to phrase it, our <a href="https://www.example.org/bloom-and-balance/networking-templates">networking message templates</a> are a good place to start.</p>`,
    category: 'career',
    imageUrl: '/demo/article-career-1.webp',
    tags: ['mentoring', 'networking', 'leadership'],
    readTime: 2,
    author: 'Amara Okafor',
    description:
      'Build a personal board of advisers for your career: the expert, sponsor, connector, truth-teller and outsider, and how to recruit and keep each one engaged.',
    status: 'published',
    publishedDaysAgo: 61,
  },
  {
    slug: 'side-hustle-to-small-business',
    title: 'Side Hustle to Small Business: What I Wish I Had Known',
    excerpt:
      'Three years ago I sold my first handmade candle at a Sunday market. Today it is my full-time job. Here are the lessons I learned the hard way.',
    content: `# Side Hustle to Small Business

By **Jess Whitaker**, founder of a small candle studio in Bristol

When I started pouring candles in my kitchen, I was doing it to switch off after long days in a marketing agency. Within a year I was spending every evening and weekend on it, and within three it had replaced my salary. Looking back, there are things I wish someone had sat me down and told me at the start.

## 1. Register and keep records from day one

In the UK you can earn up to £1,000 a year from trading before you need to tell HMRC, thanks to the trading allowance. I passed that in month four without noticing. **Register as self-employed as soon as it looks like becoming more than a hobby**, open a separate bank account and photograph every receipt. Future you, sitting down to a tax return in January, will be extremely grateful.

## 2. Price for the business you want, not the one you have

My first candles were priced at what I thought people would pay, which barely covered the wax. Work out your true costs, including materials, packaging, postage, platform fees and **your time**, then add a margin. If nobody will pay that price, the product needs rethinking, not discounting.

![Soft window light and a potted plant](/demo/article-home-1.webp)

## 3. Say no to most wholesale requests early on

Being stocked in a boutique feels like validation, but wholesale usually means selling at half your retail price. Make sure your margins can survive it before you agree.

## 4. Protect your energy

Running a business alongside a job is exhausting. I set myself two rules:

- **One full evening a week off**, no exceptions
- **No business emails in bed**

I broke both regularly, but having them made me notice when things were slipping.

## 5. Find your people

Other small business owners are the most generous group I have ever met. Local markets, online communities and enterprise hubs are full of people happy to share supplier contacts and hard-won advice. My local council ran free start-up workshops that covered everything from bookkeeping to product liability insurance.

## 6. Know your numbers before you leap

I did not hand in my notice until the business had covered my basic living costs for six consecutive months, and I had three months of savings in the bank. It was not glamorous, but it meant the leap felt like a step.

## Would I do it again?

Absolutely. But I would do it with a spreadsheet open from the very first candle. If you are thinking about turning your side hustle into something bigger, our [small business starter checklist](https://example.org/career/small-business-checklist) covers the essentials.`,
    category: 'career',
    imageUrl: '/demo/article-career-2.webp',
    tags: ['small business', 'side hustle', 'entrepreneurship'],
    readTime: 2,
    author: 'Jess Whitaker',
    description:
      'A founder shares six lessons from turning a candle-making side hustle into a full-time business: tax, pricing, wholesale, energy, community and savings.',
    status: 'published',
    publishedDaysAgo: 110,
  },
  {
    slug: 'menopause-at-work-what-employers-get-right',
    title: 'Menopause at Work: What the Best Employers Are Getting Right',
    excerpt:
      'Flexible hours, cooler desks and managers who know what to say. We spoke to women and HR leaders about the menopause policies that genuinely help.',
    content: `<p>Around one in ten women who have worked during the menopause say they have left a job because of their symptoms. Hot flushes, disrupted sleep, brain fog and anxiety can make a previously manageable role feel overwhelming, often at exactly the point when women are reaching senior positions. Yet the fixes are frequently simple and inexpensive.</p>
<h2>What good support looks like</h2>
<ul>
<li><strong>A clear, published policy.</strong> Staff should not have to guess whether they can ask for help or who to ask.</li>
<li><strong>Trained line managers.</strong> The most important conversation usually happens with a manager, not HR. A short training session on how to listen and what adjustments are possible makes a big difference.</li>
<li><strong>Practical adjustments.</strong> Desk fans, seats near windows, access to cold drinking water, breathable uniforms and somewhere quiet to rest.</li>
<li><strong>Flexibility.</strong> Later starts after a poor night, working from home on difficult days, or adjusting meeting-heavy schedules.</li>
</ul>
<h2>What women told us</h2>
<p>"I didn't need anything dramatic," said one reader, a senior nurse. "I needed my manager to understand that a bad night meant I wanted to start an hour later, and to trust that I would make the time up."</p>
<p>Another, a solicitor, described how a menopause support group at her firm helped: "Just knowing that partners I respected were going through the same thing made me feel less like I was losing my grip."</p>
<h2>Your rights</h2>
<p>Menopause symptoms can, in some cases, be considered under equality law, and employers have a duty to carry out risk assessments that take the needs of older women into account. Guidance from <a href="https://www.example.org/menopause-workplace-guidance">the workplace guidance service</a> sets out what employers should consider.</p>
<h2>Starting the conversation</h2>
<p>If you are struggling, you do not need a diagnosis or a formal meeting to ask for help. Keeping a short diary of symptoms and how they affect your work can make the conversation easier, and it helps your manager understand which adjustments are likely to make a difference.</p>
<p>[Draft: add HR leader interview and quotes from the community survey before publishing.]</p>`,
    category: 'career',
    imageUrl: '/demo/article-career-2.webp',
    tags: ['menopause', 'workplace', 'women’s health'],
    readTime: 2,
    author: 'Clare Atherton',
    description:
      'How the best employers support women through the menopause at work, from clear policies and trained managers to simple adjustments and flexible hours.',
    status: 'draft',
    publishedDaysAgo: null,
  },
  // ---------------------------------------------------------------------------
  // Home
  // ---------------------------------------------------------------------------
  {
    slug: 'make-a-rented-flat-feel-like-home',
    title: 'Small-Space Living: Making a Rented Flat Feel Like Home',
    excerpt:
      'Magnolia walls, no nails allowed and a landlord who loves beige? You can still create a space that feels personal, calm and entirely yours.',
    content: `<p>More than a third of households in England now rent, many of them well into their thirties and forties. Yet most interiors advice still assumes you can knock through walls and repaint at will. The reality for renters is a tenancy agreement, a deposit to protect and often very little space. Here is how to make it feel like home anyway.</p>
<h2>Start with light</h2>
<p>Harsh overhead bulbs do more to make a flat feel temporary than anything else. Swap the main bulbs for warm white ones (around 2700K) and add at least two lamps to every room: one at eye level and one lower down. Plug-in wall lights and rechargeable table lamps add pools of warmth without any wiring.</p>
<h2>Textiles do the heavy lifting</h2>
<ul>
<li><strong>A large rug</strong> anchors a living space and hides tired carpet. Go bigger than you think; the front legs of your sofa should sit on it.</li>
<li><strong>Curtains hung high and wide</strong> make windows look larger. Tension rods and adhesive hooks work if drilling is forbidden.</li>
<li><strong>Cushions and throws</strong> let you introduce colour and pattern that can change with the seasons.</li>
</ul>
<h2>Walls without damage</h2>
<p>Lean large artwork or mirrors on a sideboard or the floor for a relaxed gallery look. Removable picture-hanging strips hold surprising weight when used as directed. Some landlords will happily agree to paint if you ask; put the request in writing and offer to return the walls to neutral when you leave.</p>
<h2>Make small spaces work harder</h2>
<p>Choose furniture with legs, which lets light travel underneath and makes a room feel bigger. Look for pieces that do two jobs: an ottoman with storage, a drop-leaf table, a bench that doubles as a bedside table. Mirrors opposite windows bounce light deep into a room.</p>
<p>Use vertical space. Freestanding shelving, over-door hooks and tall, narrow storage units keep the floor clear, which is the fastest way to make a small flat feel calmer.</p>
<h2>Bring in life</h2>
<p>Plants are the ultimate renter-friendly decoration: they move with you. If you are short on light, trailing pothos and snake plants are famously forgiving. Fresh flowers from the market on a Friday are a small weekly treat that changes the feel of a whole room.</p>
<h2>Know your rights</h2>
<p>Your home should be safe, warm and free from serious damp and mould, whoever owns it. If repairs are needed, report them in writing and keep copies. The <a href="https://www.example.org/renters-rights">renters' rights guide</a> explains what your landlord is responsible for and what to do if problems are not fixed.</p>
<p>A home is not defined by a mortgage. It is the place where you can close the door, put the kettle on and feel like yourself.</p>`,
    category: 'home',
    imageUrl: '/demo/article-home-1.webp',
    tags: ['renting', 'small spaces', 'interiors'],
    readTime: 2,
    author: 'Eleanor Finch',
    description:
      'Renter-friendly ways to make a small flat feel like home: warmer lighting, generous textiles, damage-free walls, multi-use furniture and forgiving plants.',
    status: 'published',
    publishedDaysAgo: 5,
  },
  {
    slug: 'a-calmer-bedroom-in-one-weekend',
    title: 'A Calmer Bedroom in One Weekend',
    excerpt:
      'Your bedroom should be the most restful room in the house, not an overflow for laundry and paperwork. A two-day plan to reclaim it.',
    content: `# A Calmer Bedroom in One Weekend

For many of us the bedroom is where everything ends up: the ironing pile, the exercise bike, the boxes we have not unpacked since we moved. Then we wonder why we lie awake. This weekend plan focuses on the changes that make the biggest difference for the least money.

## Saturday morning: clear the decks

Start by taking **everything that does not belong in a bedroom** out of the room. Paperwork, laptops, laundry, gift bags and half-read magazines all go into boxes in the hallway. You will deal with them later; the point is to see the room as it could be.

Next, tackle the surfaces. Bedside tables should hold a lamp, a book, a glass of water and perhaps one thing that makes you smile. Everything else finds a home in a drawer or leaves the room.

## Saturday afternoon: the wardrobe

Clothes spilling out of a wardrobe create a constant low hum of visual stress. Pull out anything you have not worn for a year, anything that does not fit and anything that needs repairs you will never get round to. Bag it up for the charity shop before you can change your mind.

![A soft arched window with a leafy plant](/demo/article-home-2.webp)

## Sunday morning: the bed

The bed is the centrepiece, so give it some love.

### Bedding
Natural fibres such as cotton percale, linen or bamboo breathe better than polyester and help regulate temperature. A crumpled linen duvet cover has the bonus of looking deliberate when you make the bed in ten seconds.

### Pillows
Most pillows should be replaced every two years. If yours fails to spring back after being folded in half, it is time.

### Layers
A light throw and two or three cushions make the bed inviting without turning it into a nightly cushion-removal ritual.

## Sunday afternoon: light, scent and sound

- **Lighting:** swap cool bulbs for warm white and use bedside lamps rather than the ceiling light in the evening
- **Curtains:** blackout linings can be added to existing curtains with clip-on hooks
- **Scent:** a lavender pillow spray or a diffuser is a gentle signal that it is time to wind down
- **Sound:** a soft rug absorbs echo and makes the room feel quieter

## Keeping it calm

The hardest part is maintaining it. Try the **two-minute evening reset**: before bed, put away anything on the floor and clear your bedside table. It is a small ritual that stops the chaos creeping back.

And the boxes in the hallway? Give yourself a week to sort them. If something has not been missed by then, you probably do not need it.

For more ideas, see our [guide to sleep-friendly interiors](https://example.org/home/sleep-friendly-bedroom).`,
    category: 'home',
    imageUrl: '/demo/article-home-2.webp',
    tags: ['bedroom', 'decluttering', 'sleep'],
    readTime: 2,
    author: 'Eleanor Finch',
    description:
      'A two-day plan for a calmer bedroom: clear the clutter, edit your wardrobe, refresh the bed and use warm light, scent and sound to make the room restful.',
    status: 'published',
    publishedDaysAgo: 31,
  },
  {
    slug: 'low-effort-houseplant-guide',
    title: 'The Low-Effort Houseplant Guide',
    excerpt:
      'Killed every plant you have ever owned? These forgiving varieties and a few simple habits will turn even the most forgetful among us into a plant parent.',
    content: `# The Low-Effort Houseplant Guide

Houseplants make a home feel alive, soften hard corners and bring a little of the outdoors inside. But if your track record involves a string of crispy ferns and drowned succulents, you may have given up entirely. The secret is choosing plants that suit your home and your habits, not the ones that look best on social media.

## The three most common mistakes

1. **Overwatering.** More houseplants die from too much water than too little. Soggy soil suffocates roots.
2. **The wrong light.** A plant that loves bright light will sulk in a dark hallway, however much you fuss over it.
3. **No drainage.** Pretty pots without holes let water collect at the bottom. Keep plants in their plastic nursery pot inside the decorative one.

## Five plants that forgive almost anything

### Pothos
Trailing, fast-growing and happy in low to medium light. Water when the top few centimetres of soil are dry. Its leaves droop dramatically when thirsty, so it tells you when it needs a drink.

### Snake plant
Architectural and extremely tolerant of neglect. Water every three to four weeks, less in winter.

### ZZ plant
Glossy leaves and thick roots that store water. Perfect for offices and darker corners.

### Spider plant
Cheerful, easy and generous: it produces baby plants you can pot up and give to friends.

### Peace lily
Copes with shade and flops theatrically when dry, then perks up within hours of a drink.

![A window arch with a plant on the sill](/demo/article-home-1.webp)

## Simple habits that help

**Check, do not schedule.** Rather than watering every Sunday, push a finger into the soil. If it is dry to your second knuckle, water thoroughly until it drains out the bottom, then empty the saucer.

**Water less in winter.** Most houseplants grow slowly in the darker months and need much less water.

**Dust the leaves.** A damp cloth every month or so helps leaves absorb light.

**Rotate occasionally.** Plants grow towards the light; a quarter turn every few weeks keeps them even.

## A note on pets

Some common houseplants, including peace lilies and ZZ plants, can be harmful to cats and dogs if chewed. If you have pets, check before you buy and consider safer options such as spider plants, calatheas and parlour palms.

## Start with one

Buy a single plant from the list, put it somewhere with suitable light and get to know it. Once it is thriving, and it will, add another. Before long you will be the friend handing out spider plant babies.

For a quick reference, print our [houseplant light and water chart](https://example.org/home/houseplant-chart).`,
    category: 'home',
    imageUrl: '/demo/article-home-1.webp',
    tags: ['houseplants', 'interiors', 'beginner'],
    readTime: 2,
    author: 'Rosie Calder',
    description:
      'Five forgiving houseplants for beginners and the simple habits that keep them alive, from checking the soil before watering to choosing the right light.',
    status: 'published',
    publishedDaysAgo: 66,
  },
  {
    slug: 'hosting-a-relaxed-supper-club-at-home',
    title: 'Hosting a Relaxed Supper Club at Home',
    excerpt:
      'Dinner parties have a reputation for stress. A supper club with friends, shared dishes and a simple plan brings back the joy of gathering round a table.',
    content: `<p>Somewhere along the way, having people round for dinner started to feel like a performance. Three courses, matching napkins and a spotless kitchen. No wonder so many of us have stopped doing it. A supper club takes the pressure off by making the evening about the company rather than the catering.</p>
<h2>What makes it a supper club?</h2>
<p>The format is simple: a small group of friends takes turns hosting, perhaps once a month. The host provides the main dish and the space; everyone else brings something to share. It rotates, so nobody carries the load for long, and the regular rhythm means it becomes part of life rather than a special event that needs weeks of planning.</p>
<h2>Keep the menu simple</h2>
<ul>
<li><strong>Cook one thing well.</strong> A slow-cooked ragù, a big tray of roasted vegetables with harissa chicken, or a pot of dal with rice. Dishes that can sit happily in a low oven are your friend.</li>
<li><strong>Assign the rest.</strong> One person brings a starter or nibbles, one brings a salad or side, one brings dessert, one brings drinks.</li>
<li><strong>Serve family style.</strong> Put everything in the middle of the table and let people help themselves. It is more generous, more sociable and far less washing up than plated courses.</li>
</ul>
<h2>Setting the table</h2>
<p>You do not need matching crockery. A mix of plates looks charming and intentional. Low candles, a jug of supermarket flowers or a few branches from the garden, and a linen tablecloth or runner are all you need. Keep centrepieces low so people can see each other across the table.</p>
<h2>Think about everyone</h2>
<p>Ask about dietary needs when you send the invitation, and make sure there is always at least one filling dish everyone can eat. Offer good non-alcoholic options as well as wine; a jug of sparkling water with citrus and mint or a shop-bought alcohol-free aperitif is a thoughtful touch.</p>
<h2>Let the evening breathe</h2>
<p>The best supper clubs linger. Put on a playlist before guests arrive so you are not fiddling with it later. Do the bulk of the washing up the next morning. If the conversation flows into the small hours over the last of the cheese, you have done it right.</p>
<p>Some groups add a theme each month, such as a cuisine, a cookbook everyone cooks from, or a dish from each person's childhood. It is a lovely way to learn more about each other. For inspiration, try our <a href="https://www.example.org/bloom-and-balance/recipes">recipe collection</a>, sorted by cuisine and difficulty.</p>
<p>Send the message to the group chat tonight. Set a date. The food will be the least important part.</p>`,
    category: 'home',
    imageUrl: '/demo/article-home-2.webp',
    tags: ['entertaining', 'hosting', 'friendship', 'food'],
    readTime: 2,
    author: 'Harriet Lowe',
    description:
      'How to host a relaxed supper club at home: rotate hosts, cook one good dish, share the rest, set a simple table and let the evening linger with good friends.',
    status: 'published',
    publishedDaysAgo: 102,
  },
  {
    slug: 'autumn-table-styling-draft',
    title: 'Autumn Table Styling on a Shoestring',
    excerpt:
      'Foraged branches, second-hand candlesticks and a few squashes from the market: how to set a beautiful seasonal table for very little money.',
    content: `# Autumn Table Styling on a Shoestring

There is something about the first cold evening of autumn that makes us want to gather people round a table. You do not need to spend a fortune on seasonal decorations to make that table feel special. Most of what you need can be foraged, borrowed or picked up for a few pounds.

## Start with a base

A linen tablecloth in oatmeal, rust or olive sets the tone instantly. If you do not have one, a length of unhemmed linen from a fabric shop, or even a clean bedsheet in a warm colour, works beautifully. Crumpled is fine; it is autumn, not a wedding.

## Forage for your centrepiece

Take a walk and look for fallen branches with autumn leaves, seed heads, dried grasses and a few sprigs of rosehips. Always forage responsibly: take only a little from any one place, leave anything rare, and never pick from private land without permission.

Lay the branches directly down the centre of the table as a runner rather than arranging them in a vase. Tuck a few small squashes and pears among them.

## Candles, lots of them

### Mismatched candlesticks
Charity shops are full of brass and glass candlesticks. Grouping different heights together looks intentional and collected.

### Tea lights in jars
Clean jam jars with a tea light inside add a glow at very little cost.

## Finishing touches

- **Napkins** tied with a piece of string and a sprig of rosemary
- **Place names** written on fallen leaves with a white pen
- **A bowl of apples** on the side for guests to take home

## Keep it practical

Leave enough space in the middle of the table for serving dishes, and keep everything low enough that guests can see each other. Check that nothing sits too close to candle flames, especially dried grasses and leaves, which catch very easily.

[Draft: add photographs from the shoot and a budget breakdown.]

For more seasonal ideas, see our [autumn at home collection](https://example.org/home/autumn).`,
    category: 'home',
    imageUrl: '/demo/article-home-1.webp',
    tags: ['autumn', 'table styling', 'budget'],
    readTime: 2,
    author: 'Rosie Calder',
    description:
      'Style a beautiful autumn table for very little money with foraged branches, charity-shop candlesticks, linen, squashes and simple handmade finishing touches.',
    status: 'draft',
    publishedDaysAgo: null,
  },
  // ---------------------------------------------------------------------------
  // Community
  // ---------------------------------------------------------------------------
  {
    slug: 'meet-our-sunday-run-club',
    title: 'Meet the Women Behind Our Sunday Run Club',
    excerpt:
      'It started with four friends and a muddy park loop. Two years on, our Sunday run club welcomes more than sixty women of every pace. Here is their story.',
    content: `<p>At half past eight every Sunday morning, come rain, frost or the occasional heatwave, a cluster of women in bright jackets gathers by the bandstand in a Leeds park. Some are training for marathons. Some are on week three of a beginners' programme. One is pushing a running buggy. All of them are there for the same reason: it is easier to go when someone is waiting for you.</p>
<h2>How it began</h2>
<p>"It was never meant to be a club," laughs founder Tasha Green, a primary school teacher. "Four of us had signed up for a 10K and kept making excuses. We agreed to meet on Sundays so we could not back out. Then a friend asked if she could come. Then her sister came. Then someone put it on a local community page and thirty people turned up."</p>
<p>Today the group has more than sixty regular members and a simple rule: nobody runs alone. Runners split into pace groups, and the back marker, a volunteer role that rotates each week, makes sure everyone finishes with company.</p>
<h2>Why it works</h2>
<ul>
<li><strong>It is free.</strong> No membership fees, no kit requirements, no pressure to buy anything.</li>
<li><strong>Every pace is welcome.</strong> The walk-run group is often the biggest and the chattiest.</li>
<li><strong>There is always coffee afterwards.</strong> The café by the lake has learned to expect a queue at half past nine.</li>
</ul>
<h2>In their own words</h2>
<p>"I moved to the city not knowing anyone," says Mei, a junior doctor. "Now these women are the first people I message when something good or bad happens. We started as running partners and became proper friends."</p>
<p>Dawn, 58, joined after a health scare. "My GP told me to get moving. I could not run to the end of the road. Last month I finished my first half marathon, and half the club was at the finish line with a banner."</p>
<p>For Priya, a mum of three, the club is an hour that belongs only to her. "Sunday mornings used to disappear into laundry and homework. Now my family knows that time is mine, and I come back a nicer person."</p>
<h2>Starting your own</h2>
<p>Tasha's advice for anyone tempted to start a group is simple: pick a regular time and place, make it clear that every pace is welcome, and keep turning up, even when only two people come. Safety matters too, so agree a route, share contact details and carry a phone.</p>
<p>If you run a community group of your own, we would love to hear about it. <a href="https://www.example.org/bloom-and-balance/share-your-story">Share your story</a> and you might be featured in a future issue.</p>`,
    category: 'community',
    imageUrl: '/demo/article-community-1.webp',
    tags: ['running', 'community', 'friendship', 'reader stories'],
    readTime: 2,
    author: 'Megan Doyle',
    description:
      'Meet the women of a Leeds Sunday run club that grew from four friends to more than sixty runners of every pace, and get their tips for starting your own.',
    status: 'published',
    publishedDaysAgo: 7,
  },
  {
    slug: 'what-our-hydration-challenge-taught-us',
    title: 'Reader Stories: What Our 30-Day Hydration Challenge Taught Us',
    excerpt:
      'More than four thousand of you took part in our hydration challenge. We asked what changed, what was hard and what stuck. Your answers surprised us.',
    content: `# What Our 30-Day Hydration Challenge Taught Us

When we launched the 30-Day Hydration Challenge, we expected a few hundred sign-ups. By the end of the first week, more than four thousand of you had joined, sharing photos of water bottles, infusion recipes and, in one memorable case, a spreadsheet with conditional formatting. Here is what you told us.

## "I did not realise how little I was drinking"

The most common reflection was simple surprise. Many of you discovered that a couple of cups of tea and a glass of water at dinner was the sum total of your daily fluids.

"I tracked the first day honestly and it was about 600 ml. No wonder I had a headache every afternoon."
**Louise, Norwich**

The NHS suggests around six to eight glasses of fluid a day, and tea, coffee, milk and sugar-free drinks all count. Food such as fruit, vegetables and soup contributes too.

## The tricks that worked

We asked which tips made the biggest difference. The top five:

1. **A bottle you love.** Several of you swore by a large bottle with time markings.
2. **Habit stacking.** A glass of water with every cup of tea or coffee.
3. **Flavour.** Cucumber and mint, lemon and ginger, and frozen berries were the favourites.
4. **Visible reminders.** A bottle on the desk, a glass by the kettle, a sticky note on the mirror.
5. **A buddy.** Many of you paired up with a colleague or friend and checked in daily.

![Overlapping circles in rose and sage](/demo/article-community-2.webp)

## What changed

Not everyone noticed a difference, and we want to be honest about that. But plenty of you did:

- Fewer afternoon headaches
- Less reaching for snacks when actually thirsty
- Better concentration in long meetings
- Feeling more comfortable during exercise

"The water was the easy part. What I really learned was that I never stopped during the day. Refilling my bottle became a five-minute break I actually took."
**Aisha, Birmingham**

## What was hard

Many of you mentioned the obvious downside: more trips to the loo, especially during the first week, while your body adjusted. Teachers, nurses and retail workers pointed out that frequent breaks are not always possible, which is a workplace issue worth raising.

A few of you found the tracking itself became stressful. That is a good reminder that challenges should support you, not become another thing to feel guilty about.

## Did it stick?

Three months on, around two thirds of those who answered our follow-up survey said they were still drinking more than before. Not a bad result for thirty days.

Our next challenge starts on the first of the month. [Join the community](https://example.org/bloom-and-balance/challenges) and bring a friend.`,
    category: 'community',
    imageUrl: '/demo/article-community-2.webp',
    tags: ['challenges', 'hydration', 'reader stories'],
    readTime: 2,
    author: 'Harriet Lowe',
    description:
      'Over four thousand readers joined our 30-Day Hydration Challenge. Here is what they learned, the tips that worked, what was hard and whether the habit stuck.',
    status: 'published',
    publishedDaysAgo: 40,
  },
  {
    slug: 'how-to-start-a-book-club-that-lasts',
    title: 'How to Start a Book Club That Lasts',
    excerpt:
      'Most book clubs fizzle out within a year. A few simple decisions at the start can keep yours going for a decade, with or without the wine.',
    content: `# How to Start a Book Club That Lasts

Book clubs are having a renaissance. Bookshops host them, celebrities champion them, and group chats everywhere are full of people trying to agree on a date. Yet many groups run out of steam after a few meetings, usually because nobody has finished the book and the conversation drifts to everything else.

We spoke to readers who have kept their clubs going for years. Here is what they recommend.

## Decide what kind of club you want

Be honest at the start. Is this a **reading group** where the book is the focus, or a **social group** with a book attached? Both are wonderful, but mismatched expectations cause friction. One long-running group in Edinburgh splits each evening: an hour on the book, then the rest of the night for catching up.

## Keep it small

Six to ten members is the sweet spot. Fewer and a couple of cancellations leave you with two people; more and the quieter members never get a word in.

## Choose books fairly

Common approaches:

- **Rotate the pick.** Each member chooses in turn, which brings variety.
- **Shortlist and vote.** The host offers three options; the group chooses.
- **Theme the year.** Translated fiction, debut novelists, books set in places you would like to visit.

Set a realistic length. Alternating a long novel with a shorter one keeps momentum, and making sure books are available from the library or second-hand keeps it affordable.

![Soft overlapping circles in cream and blush](/demo/article-community-1.webp)

## Make discussion easy

The host prepares **three or four open questions**, such as:

- Which character would you most like to have dinner with, and why?
- Did the ending work for you?
- What would you have done differently in the main character's position?
- Would you recommend it, and to whom?

And a rule that keeps everyone coming: **you are welcome even if you have not finished the book.** Spoilers are part of the deal.

## Be consistent

Pick a regular slot, such as the first Thursday of the month, rather than negotiating dates every time. Consistency is the single biggest factor in whether a group survives.

## Bring in something extra

Some groups meet in a café or pub once a season, watch the film adaptation, or invite a local author to visit. Libraries often have sets of books for groups to borrow, and some will lend a room for free.

Looking for your next pick? Our [readers' recommendations list](https://example.org/community/book-club-picks) is updated every month.`,
    category: 'community',
    imageUrl: '/demo/article-community-1.webp',
    tags: ['book club', 'reading', 'friendship'],
    readTime: 2,
    author: 'Jess Whitaker',
    description:
      'How to start a book club that lasts: agree what kind of group you want, keep it small, choose books fairly, prepare open questions and meet regularly.',
    status: 'published',
    publishedDaysAgo: 79,
  },
  {
    slug: 'volunteering-locally-small-hours-big-difference',
    title: 'Volunteering Locally: Small Hours, Big Difference',
    excerpt:
      'You do not need a free weekend every week to volunteer. From an hour at the food bank to reading with a child, here is how to find a role that fits your life.',
    content: `# Volunteering Locally

Ask people why they do not volunteer and the answer is almost always time. Between work, family and everything else, committing to a regular role can feel impossible. But volunteering has changed. Many organisations now offer flexible, one-off and micro-volunteering opportunities that fit around real lives.

## Why it is good for you, too

Volunteering is generous, but it is not purely selfless. Studies have linked regular volunteering with improved wellbeing, lower rates of loneliness and a stronger sense of purpose. It is also a brilliant way to meet people in a new area, build skills and even explore a career change.

![Overlapping circles in soft rose, sage and cream](/demo/article-community-1.webp)

## Ideas for every schedule

- **An hour a month:** sort donations at a food bank, help at a community fridge or join a litter pick.
- **An hour a week:** read with children at a local primary school, befriend an older neighbour by phone, or help at a community garden.
- **From your sofa:** transcribe historic documents for archives, offer professional skills such as design or bookkeeping to small charities, or moderate an online support group.
- **Occasional big days:** marshal at a fun run, help at a festival, or take part in a community clean-up.

## Finding the right fit

Think about what you enjoy and what you would like to learn. If you spend all day at a screen, an outdoor conservation role might be a welcome change. If you love organising, a small charity will be grateful for help with events or admin. Local volunteer centres can match you with opportunities near you, and many councils list roles on their websites.

Be honest about how much time you can give. A charity would far rather have two reliable hours a month than an enthusiastic promise that fizzles out.

## What to expect

Good organisations will give you a clear role description, some training and a named contact. Roles that involve working with children or vulnerable adults will need a background check, which the organisation usually arranges. You should never be out of pocket for reasonable expenses such as travel.

## Our readers' favourites

When we asked our community where they volunteer, the answers ranged from animal shelters and hospices to refugee welcome groups and parkrun. Hannah in Cardiff spends Saturday mornings at a repair café, fixing toasters and lamps. "It is the most satisfying two hours of my week," she told us. "People arrive frustrated and leave delighted, and something stays out of landfill."

Ready to start? Search the [volunteer opportunity finder](https://www.example.org/volunteer-finder) by postcode, and tell us where you end up.`,
    category: 'community',
    imageUrl: '/demo/article-community-2.webp',
    tags: ['volunteering', 'community', 'wellbeing'],
    readTime: 2,
    author: 'Amara Okafor',
    description:
      'Flexible ways to volunteer locally, from an hour a month at a food bank to skills-based roles from home, and how to find a role that fits your life.',
    status: 'published',
    publishedDaysAgo: 120,
  },
  // ---------------------------------------------------------------------------
  // Sports (external news items, as imported from an RSS feed)
  // ---------------------------------------------------------------------------
  {
    slug: 'lionesses-name-squad-for-autumn-fixtures',
    title: 'Lionesses Name Squad for Autumn Fixtures as Young Stars Earn Call-Ups',
    excerpt:
      'England’s head coach has named a 25-player squad for next month’s fixtures, with two uncapped midfielders rewarded for outstanding starts to the season.',
    content: `<p>England have named a 25-player squad for their autumn international fixtures, with two uncapped midfielders handed their first senior call-ups after impressive starts to the domestic season.</p>
<p>The head coach said the selection reflected both the strength of the top flight and a deliberate effort to build depth ahead of the next major tournament. "We have a core group who have been outstanding for us, but we also need to keep the door open," she told reporters at the squad announcement. "The young players in this squad have earned their place through consistent performances, not potential alone."</p>
<h2>New faces in midfield</h2>
<p>Both newcomers have been regular starters for their clubs this season. One, a 20-year-old who came through a regional talent centre, has already registered four assists in the league, while the other has been praised for her composure in possession and her ability to break lines with her passing.</p>
<p>Several senior players return after injury, including an experienced centre-back who missed the summer with a knee problem. Medical staff will monitor her workload closely during the camp.</p>
<h2>Building towards the tournament</h2>
<p>The fixtures are the first of a series of matches designed to test the squad against a range of opponents before qualifying resumes in the spring. The coaching staff have indicated that they want to experiment with a back three in at least one game, giving the newcomers an opportunity to show their versatility.</p>
<p>Attendances at women's international fixtures have grown sharply in recent years, and organisers expect another large crowd for the home match. Tickets for family areas have already sold out, with a limited number of general admission seats remaining.</p>
<h2>What the players say</h2>
<p>The team captain welcomed the fresh faces. "Every camp there is a bit more competition, and that is exactly what you want," she said. "The standard in training has gone up every year. The young players bring energy and they are not afraid to take risks, which is brilliant to see."</p>
<p>The squad will meet at the national training centre early next week, with the first match taking place the following Friday evening. Both games will be broadcast live on free-to-air television.</p>
<p>Grassroots clubs across the country report continued growth in girls' participation, with many reporting waiting lists for under-11 teams. Coaches say visible role models at international level remain one of the biggest drivers of new players walking through the gate. Clubs can be found through the <a href="https://www.example.com/sport/football/find-a-club">club finder</a>.</p>`,
    category: 'sports',
    imageUrl: '/demo/article-sports-1.webp',
    tags: ['football', 'Lionesses', 'women’s sport'],
    readTime: 2,
    author: 'BBC Sport',
    description:
      'England name a 25-player squad for autumn fixtures, with two uncapped midfielders earning first call-ups and experienced defenders returning from injury.',
    status: 'published',
    publishedDaysAgo: 4,
    isExternal: true,
    url: 'https://www.example.com/sport/football/lionesses-autumn-squad',
    source: 'BBC Sport',
  },
  {
    slug: 'netball-super-league-season-preview',
    title: 'Netball Super League: Season Preview and Five Players to Watch',
    excerpt:
      'A new broadcast deal, two expanded squads and a title race that looks wide open. Everything you need to know before the first centre pass of the season.',
    content: `<p>The new Netball Super League season gets under way this weekend, and for the first time in several years the title race looks genuinely open. A longer calendar, a new broadcast deal and a raft of international signings have given the competition a fresh feel as it enters an important period for the domestic game.</p>
<h2>The contenders</h2>
<p>Last season's champions have retained most of their starting seven but lost their influential wing attack to retirement. Their coach insists the squad has the depth to cope, pointing to a promising academy graduate who impressed during pre-season. Two of the chasing pack have recruited heavily from overseas, bringing in experienced shooters who could tip tight games in their favour.</p>
<p>A handful of clubs have also invested in full-time strength and conditioning staff and performance analysts, reflecting a wider move towards professional standards across the league.</p>
<h2>Five players to watch</h2>
<ul>
<li><strong>A teenage goal defence</strong> whose timing on the intercept has already drawn comparisons with some of the sport's greats.</li>
<li><strong>An experienced centre</strong> returning after a year out following the birth of her first child, who says she feels fitter than ever.</li>
<li><strong>A new goal shooter</strong> arriving from overseas with a shooting percentage above 90 per cent last season.</li>
<li><strong>A versatile wing defence</strong> who has been named vice-captain of her club at just 22.</li>
<li><strong>A goal attack</strong> back from a long-term knee injury, whose comeback will be closely followed by fans and national selectors alike.</li>
</ul>
<h2>Bigger crowds and more coverage</h2>
<p>Organisers are hopeful of record attendances after several clubs moved fixtures into larger arenas. Every match will be streamed, with selected games shown on terrestrial television, a deal that players say is crucial for attracting the next generation.</p>
<p>"When I was growing up, you could not watch netball on TV unless there was a major championship," said one international. "Now young girls can watch us every weekend. That visibility matters more than anything."</p>
<h2>Grassroots boost</h2>
<p>The national governing body reports strong demand for walking netball and back-to-netball sessions aimed at women who have not played since school. Many clubs run taster evenings at the start of the season, and no previous experience is needed. Sessions are listed on the <a href="https://www.example.com/sport/netball/get-into-netball">get into netball</a> page.</p>
<p>The opening round features a repeat of last season's Grand Final on Saturday evening, a fixture that both sides will be desperate to win to set the tone for the months ahead.</p>`,
    category: 'sports',
    imageUrl: '/demo/article-sports-1.webp',
    tags: ['netball', 'women’s sport', 'season preview'],
    readTime: 2,
    author: 'BBC Sport',
    description:
      'A preview of the new Netball Super League season: the title contenders, five players to watch, bigger crowds, more TV coverage and a boost for grassroots.',
    status: 'published',
    publishedDaysAgo: 6,
    isExternal: true,
    url: 'https://www.example.com/sport/netball/super-league-season-preview',
    source: 'BBC Sport',
  },
  {
    slug: 'record-crowd-for-womens-rugby-international',
    title: 'Record Crowd Watches Red Roses Seal Dramatic Late Win',
    excerpt:
      'A try in the final minute secured victory in front of a record home crowd, extending the side’s remarkable unbeaten run to more than two years.',
    content: `<p>England's Red Roses extended their long unbeaten run with a dramatic late victory in front of a record crowd for a women's rugby international on home soil, sealing the win with a try in the final minute.</p>
<p>The visitors had led for much of the second half after a disciplined defensive display frustrated the home side's usually potent driving maul. But with the clock running down, a quickly taken penalty opened space on the left, and the winger sprinted in at the corner to send the stadium into raptures.</p>
<h2>A landmark afternoon</h2>
<p>The attendance broke the previous record by several thousand, with families, school groups and grassroots clubs filling the stands. Fan zones outside the ground offered tag rugby sessions for children, and long queues formed at the player signing tent afterwards.</p>
<p>"To see that many people here for women's rugby is something I never imagined when I started playing," said the captain, who won her hundredth cap earlier in the season. "The noise when that try went in was unbelievable. We felt every one of them out there with us."</p>
<h2>How the game unfolded</h2>
<p>England started strongly, scoring twice in the opening quarter through powerful forward play. The visitors responded with a well-worked try from a lineout and a series of penalties, edging ahead just after half-time when their full-back intercepted a long pass and ran the length of the pitch.</p>
<p>The home side's head coach made a triple substitution with twenty minutes left, and the fresh legs in the front row helped England regain control of the scrum. Even so, it took until the final play for the decisive score.</p>
<h2>Looking ahead</h2>
<p>The result keeps England on course in the championship, with two fixtures remaining. The head coach praised the resilience of her squad but acknowledged there was work to do. "We made too many handling errors, and good sides will punish that. But the character to come back in the last minute tells you a lot about this group."</p>
<p>The growth in attendances is being matched at grassroots level. The governing body reports rising numbers of women and girls registering with clubs, particularly in the under-14 and under-16 age groups, and many clubs are running open training sessions for new players this month. Details are on the <a href="https://www.example.com/sport/rugby-union/get-into-rugby">get into rugby</a> page.</p>
<p>Tickets for the next home fixture go on general sale later this week, with demand expected to be high.</p>`,
    category: 'sports',
    imageUrl: '/demo/article-sports-1.webp',
    tags: ['rugby', 'Red Roses', 'women’s sport'],
    readTime: 2,
    author: 'BBC Sport',
    description:
      'A final-minute try seals a dramatic win for the Red Roses in front of a record home crowd, extending their unbeaten run as grassroots participation rises.',
    status: 'published',
    publishedDaysAgo: 11,
    isExternal: true,
    url: 'https://www.example.com/sport/rugby-union/red-roses-record-crowd',
    source: 'BBC Sport',
  },
];
