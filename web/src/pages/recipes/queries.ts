import { CUISINES, DIFFICULTIES } from '@site/shared';

export const CUISINE_OPTIONS = ['all', ...CUISINES] as const;
export const DIFFICULTY_OPTIONS = ['all', ...DIFFICULTIES] as const;

const pick = <T extends readonly string[]>(options: T, value: string | null): T[number] =>
  value && (options as readonly string[]).includes(value) ? value : 'all';

/** The list filters live in the URL (?q=&cuisine=&difficulty=) so a filtered list can be shared and server-rendered. */
export function readFilters(search: URLSearchParams) {
  return {
    q: search.get('q') ?? '',
    cuisine: pick(CUISINE_OPTIONS, search.get('cuisine')),
    difficulty: pick(DIFFICULTY_OPTIONS, search.get('difficulty')),
  };
}

/** Spec §7: GET /api/recipes with optional cuisine and difficulty ("all" sends none). */
export function recipesKey(cuisine: string, difficulty: string) {
  return [
    '/api/recipes',
    {
      cuisine: cuisine === 'all' ? undefined : cuisine,
      difficulty: difficulty === 'all' ? undefined : difficulty,
    },
  ] as const;
}

export const recipeKey = (id: number | string) => [`/api/recipes/${id}`] as const;

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Client-side search over title, description and author (spec §2 Recipes), and the ingredients too:
 * the search box promises them, and a reader looks for "arborio" (issue 12).
 */
export function matchesSearch(
  r: { title: string; description: string | null; author: string | null; ingredients?: string[] },
  q: string,
): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [r.title, r.description, r.author, ...(r.ingredients ?? [])].some((f) =>
    f?.toLowerCase().includes(needle),
  );
}
