/**
 * A plausible course menu (コース料金) for a seeded store: three to five
 * aroma courses of rising length at one price per minute (rounded to 500
 * yen, cheaper in some areas than in others), and a few of the options
 * salons list. Each store draws from its own stream (seed + id), so the
 * rest of the seed is the same with menus or without.
 */
import type { Course, CourseOption } from '../../src/schema/course-menu';
import type { SeededRandom } from './random';

const LENGTHS = [60, 75, 90, 120, 150, 180] as const;
const NOTES = ['', '', 'アロマオイル込み', '初回限定あり', '一番人気', 'ヘッドスパ付き', 'リンパ中心', 'ゆったりロング'] as const;
const OPTIONS: readonly CourseOption[] = [
  { name: '指名料', price: 1000 },
  { name: '本指名料', price: 2000 },
  { name: 'ヘッドスパ', price: 2000 },
  { name: '延長 30分', price: 6000 },
  { name: 'フットケア', price: 1500 },
  { name: '出張（交通費）', price: 3000 },
  { name: 'アロマオイル変更', price: 0 },
];

/** Rounded to 500 yen, as salons print their prices. */
const round500 = (yen: number) => Math.round(yen / 500) * 500;

/** The store's courses (shortest first) and options. */
export function seedCourseMenu(random: SeededRandom): { courses: Course[]; options: CourseOption[] } {
  const count = random.int(3, 5);
  const start = random.int(0, LENGTHS.length - count);
  // 170–230 yen a minute, a little less for the longer courses.
  const perMinute = random.int(170, 230);
  const courses = LENGTHS.slice(start, start + count).map((minutes, index) => ({
    minutes,
    price: round500(minutes * perMinute * (1 - index * 0.03)),
    note: index === 1 ? '一番人気' : random.pick(NOTES.filter((note) => note !== '一番人気')),
  }));
  const options = random.sample(OPTIONS, random.int(2, 4));
  return { courses, options };
}
