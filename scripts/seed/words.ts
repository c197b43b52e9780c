/** Japanese word lists for the demo seed. Romaji feeds handles and slugs. */
export const GIVEN_NAMES: readonly (readonly [kana: string, romaji: string])[] = [
  ['みう', 'miu'],
  ['さくら', 'sakura'],
  ['ゆい', 'yui'],
  ['りこ', 'riko'],
  ['あかり', 'akari'],
  ['ひな', 'hina'],
  ['めい', 'mei'],
  ['れな', 'rena'],
  ['まな', 'mana'],
  ['ゆな', 'yuna'],
  ['かれん', 'karen'],
  ['ありさ', 'arisa'],
  ['えま', 'ema'],
  ['のあ', 'noa'],
  ['ここ', 'coco'],
  ['るな', 'luna'],
  ['もも', 'momo'],
  ['りお', 'rio'],
  ['さな', 'sana'],
  ['なな', 'nana'],
  ['ゆき', 'yuki'],
  ['あおい', 'aoi'],
  ['ひかり', 'hikari'],
  ['しずく', 'shizuku'],
  ['つむぎ', 'tsumugi'],
  ['かのん', 'kanon'],
  ['みお', 'mio'],
  ['ねね', 'nene'],
  ['すず', 'suzu'],
  ['りん', 'rin'],
];

/** How a display name is dressed: plain, katakana-ish suffix, status note. */
export const NAME_DECORATIONS = ['', '', '', '（新人）', '☆', 'ちゃん'] as const;

export const STORE_BRANDS: readonly (readonly [name: string, romaji: string])[] = [
  ['アロマリゾート', 'aroma-resort'],
  ['癒しの森', 'iyashi-no-mori'],
  ['スパ・ルミエール', 'spa-lumiere'],
  ['リラクゼーション花', 'relax-hana'],
  ['ルーム月光', 'room-gekko'],
  ['プライベートサロン雫', 'salon-shizuku'],
  ['アロマ蒼', 'aroma-ao'],
  ['ラグーンスパ', 'lagoon-spa'],
  ['サロン・ド・ユリ', 'salon-de-yuri'],
  ['メンズリラク凪', 'relax-nagi'],
];

export const STORE_BLURBS = [
  '駅から徒歩数分、完全個室のプライベートサロンです。',
  '清潔感とホスピタリティを大切にしています。初めての方も安心してご来店ください。',
  '深夜まで営業しているので、お仕事帰りにもどうぞ。',
  '経験豊富なセラピストが在籍しています。オイルトリートメントが自慢です。',
  'シャワールーム完備。アメニティも充実しています。',
] as const;

export const BIO_OPENINGS = [
  'はじめまして！',
  'ご覧いただきありがとうございます。',
  'こんにちは、',
  '出勤情報はこちらで更新しています。',
] as const;
export const BIO_MIDDLES = [
  'マッサージが大好きで、日々勉強中です。',
  'ゆったりした時間を過ごしていただけるよう心がけています。',
  'お話しするのも聞くのも好きです。',
  '指圧とオイルのどちらも得意です。',
  '寒い日は温かいお茶でお迎えします。',
  '前のアカウントが凍結されてしまったので、こちらで近況をお知らせします。',
  'カフェ巡りと映画鑑賞が趣味です。',
] as const;
export const BIO_CLOSINGS = [
  'お会いできるのを楽しみにしています。',
  '気軽にお声がけください。',
  'よろしくお願いします！',
  '新しいアカウントのフォローもお願いします。',
] as const;

export const TAGS = [
  '癒し系',
  '高身長',
  '小柄',
  'おっとり',
  '話し上手',
  '聞き上手',
  'マッサージ上手',
  '新人',
  'ベテラン',
  'お姉さん系',
  '妹系',
  '指名多数',
  '深夜出勤',
  '土日出勤',
] as const;

export const FROZEN_NOTES = [
  '',
  '',
  '旧アカウントです',
  '凍結されたため移行しました',
  '2つ前のアカウント',
  'こちらのアカウントは使っていません',
] as const;

export const SHIFT_NOTES = ['', '', '', '予約優先', 'ラストまで', '事前予約のみ'] as const;
