import pluralize from 'pluralize';
import { describe, expect, it } from 'vitest';
import { formatQuantity, scaleIngredient } from './scale';

describe('ingredient scaling (servings control)', () => {
  it.each([
    ['1 1/2 cups arborio rice', 2, '3 cups arborio rice'],
    ['1/2 cup dry white wine', 2, '1 cup dry white wine'],
    ['1/2 cup dry white wine', 3, '1 1/2 cups dry white wine'],
    ['1 1/2 cups frozen peas', 0.5, '3/4 cup frozen peas'],
    ['2 tbsp olive oil', 1.5, '3 tbsp olive oil'],
    ['1 tbsp butter', 0.5, '1/2 tbsp butter'],
    ['1/3 cup oats', 2, '2/3 cup oats'],
    ['1.2 litres hot vegetable stock', 2, '2.4 litres hot vegetable stock'],
    ['1.5 kg potatoes', 0.5, '0.75 kg potatoes'],
    ['400 g ripe tomatoes, diced', 0.25, '100 g ripe tomatoes, diced'],
    ['1 x 400 g tin black beans', 2, '2 x 400 g tin black beans'],
    ['2-3 garlic cloves', 2, '4-6 garlic cloves'],
    ['2 to 3 limes', 2, '4 to 6 limes'],
    ['½ tsp salt', 2, '1 tsp salt'],
    ['1½ cups milk', 2, '3 cups milk'],
    ['500g flour', 2, '1000g flour'],
    ['3 eggs', 1 / 3, '1 egg'],
    ['1 onion, finely chopped', 1.25, '1 1/4 onions, finely chopped'],
    // Issue 26: "2 onion". The counted word agrees with its new quantity.
    ['1 onion, finely chopped', 2, '2 onions, finely chopped'],
    ['1 red onion, thinly sliced', 2, '2 red onions, thinly sliced'],
    ['1 large sweet potato, peeled', 3, '3 large sweet potatoes, peeled'],
    ['1 cup rice', 2, '2 cups rice'],
    ['1 small bunch of coriander', 2, '2 small bunches of coriander'],
    ['2 garlic cloves, crushed', 0.5, '1 garlic clove, crushed'],
    ['1 tin black beans', 2, '2 tins black beans'],
    ['1 lemon, zested and juiced', 1.5, '1 1/2 lemons, zested and juiced'],
    ['1/2 lemon', 2, '1 lemon'],
    ['1 tbsp butter', 3, '3 tbsp butter'],
    ['1 litre stock', 2, '2 litres stock'],
    ['1 egg (beaten)', 2, '2 eggs (beaten)'],
    ['Pinch of chilli flakes', 3, 'Pinch of chilli flakes'],
    ['Small handful of fresh mint', 2, 'Small handful of fresh mint'],
    ['2 tbsp olive oil', 1, '2 tbsp olive oil'],
  ])('%j × %s → %j', (line, factor, expected) => {
    expect(scaleIngredient(line, factor, pluralize)).toBe(expected);
  });

  it('without word forms (before they load) only the quantity changes', () => {
    expect(scaleIngredient('1 onion, finely chopped', 2)).toBe('2 onion, finely chopped');
  });

  it('formats odd amounts as decimals rounded to 2 places', () => {
    expect(formatQuantity(0.4)).toBe('0.4');
    expect(formatQuantity(2 / 7)).toBe('0.29');
    expect(formatQuantity(2.999)).toBe('3');
  });
});
