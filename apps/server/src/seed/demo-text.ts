/** Words for the demo reviews, notes and reasons. */
import type { Category } from '@stg/domain/constants';

export const REVIEW_BODIES: Record<Category, { good: string[]; mixed: string[] }> = {
  house_cleaning: {
    good: [
      'The team was on time, friendly and thorough. Our kitchen has not looked this good since we moved in!',
      'They got all the red dust off the window sills and baseboards. Worth every penny.',
      'Booked a deep clean before my in-laws visited. Bathrooms sparkled and the whole house smelled fresh.',
      'Easy to book, instant price, and the cleaners followed my notes exactly. Already planning the next one.',
      'Super careful around our dog and the new floors. Highly recommend for busy families.',
      'Move-out clean was spotless and we got our full deposit back. Thank you!',
    ],
    mixed: [
      'Good clean overall, but they ran about 40 minutes late and missed the ceiling fans.',
      'Nice people and a solid job in the kitchen. The upstairs bathroom could have used more attention.',
    ],
  },
  pest_control: {
    good: [
      'We were finding scorpions every week. Since the treatment we have not seen a single one.',
      'The technician explained everything, sealed a gap under our garage door and was very respectful of our yard.',
      'Ant problem in the kitchen gone within two days. Great communication and a fair price.',
      'Quarterly plan has kept the spiders out of our window wells. Reliable and friendly.',
      'Came back for free when we saw a few crickets after the monsoon rains. Great service.',
    ],
    mixed: [
      'Treatment worked, but the arrival window was wide and nobody texted when they were on the way.',
      'Decent service. Still seeing a few spiders in the garage a month later.',
    ],
  },
  window_cleaning: {
    good: [
      'Our windows had years of sprinkler spots. They look brand new now, and the screens too.',
      'They cleaned the high great-room windows I could never reach. Crystal clear view of the red cliffs!',
      'Fast, careful and no streaks anywhere. They even wiped down the tracks and sills.',
      'Great value. The crew was polite, protected our plants and finished ahead of schedule.',
    ],
    mixed: [
      'Outside windows look great. A couple of the inside panes had streaks in the afternoon sun.',
      'Good job on the glass, but they forgot to put two screens back until I called.',
    ],
  },
  garbage_can_cleaning: {
    good: [
      'Our cans smelled awful in July. Now they smell like oranges. Can not believe the difference.',
      'Quick, easy and they texted a photo when done. Bins look brand new.',
      'Worth it just to not hose out the trash can myself. The package price is a great deal.',
    ],
    mixed: ['Cans are clean, but one lid was left open and the wind knocked it over.'],
  },
  carpet_cleaning: {
    good: [
      'They got out stains I thought were permanent, including a red Kool-Aid spill. Carpets were dry by evening.',
      'Pet odor treatment worked wonders. Our living room finally smells like nothing at all.',
      'Professional crew, protected our furniture and walls, and the traffic lanes look new again.',
      'Fair price per room and no upselling. Will use them every spring.',
    ],
    mixed: ['Most spots came out. One old stain in the hallway came back after a few days.'],
  },
  auto_detailing: {
    good: [
      'They came to my office and my truck looked better than when I bought it. Amazing interior work.',
      'Sand from the dunes was everywhere in our SUV. Not anymore! Super detailed job.',
      'Ceramic coating looks incredible and water just beads off. Very happy with the result.',
      'Kids and dog destroyed the minivan. They made it look and smell new. Lifesavers.',
    ],
    mixed: ['Great exterior, but there was still some pet hair under the third-row seats.'],
  },
};

export const LOW_SCORE_BODIES = [
  'Had to reschedule twice and the result was just okay. Hoping it was a one-off.',
  'Not what I expected for the price. Communication could be better.',
];

export const CUSTOMER_NOTES = [
  'Gate code is 2468. Please close the gate behind you - our dog is friendly but an escape artist.',
  'Please park on the street; the driveway has a fresh seal coat.',
  'Side door will be unlocked. Text when you arrive.',
  'We have a cat who hides under the bed, please keep the bedroom doors closed.',
  'Focus on the kitchen and the main bathroom if time is short.',
  'Back gate is locked, the key is under the blue planter.',
];

export const COMPLETION_NOTES = [
  'All done! Thanks for choosing us.',
  'Finished a little early. Let us know if anything needs a touch-up.',
  'Great home to work in. See you next time!',
];

export const CANCEL_REASON = 'Our plans changed and we will be out of town that week.';
export const PARTIAL_REFUND_REASON =
  'Part of the job was missed (upstairs hallway); partial credit as agreed with the customer.';
