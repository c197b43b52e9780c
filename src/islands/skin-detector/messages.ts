/** The island's Japanese messages for each way a file can fail. */
import { MAX_FILE_BYTES, MAX_PIXELS } from '../../lib/skin/size';
import type { AnalyseErrorCode } from './protocol';

const megabytes = Math.round(MAX_FILE_BYTES / 1024 / 1024);
const hundredMillionPixels = MAX_PIXELS / 100_000_000;

export const ERROR_MESSAGES: Record<AnalyseErrorCode, string> = {
  unreadable:
    '画像を読み込めませんでした。ファイルが壊れているか、画像ではない可能性があります。JPEG・PNG・WebP などの画像ファイルを選んでください。',
  'heic-unsupported':
    'このブラウザは HEIC 形式（iPhone の写真）を読み込めません。写真アプリで JPEG として書き出すか、iPhone の「設定」→「カメラ」→「フォーマット」で「互換性優先」を選んで撮った写真をお使いください。',
  'file-too-large': `ファイルが大きすぎます（${megabytes} MB まで）。小さく書き出した画像を選んでください。`,
  'too-many-pixels': `画像の画素数が多すぎます（${hundredMillionPixels} 億画素まで）。縮小した画像を選んでください。`,
  failed: '解析の途中で問題が起きました。ページを再読み込みして、もう一度お試しください。',
};

export const MODEL_LOAD_ERROR = 'AI の判定モデルを読み込めませんでした。通信状態を確かめて、もう一度お試しください。';
export const MODEL_CLASSIFY_ERROR = 'AI による判定ができませんでした。もう一度お試しください。';
