/** The recovery code, large and copyable, with a text-file download. */
import { useState } from 'react';
import { tokyoDateKey } from '../../lib/tokyo-date';
import { downloadFile } from './ui';
import { Button } from '../ui/Button';

export function RecoveryCodeBox({ code }: { code: string }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('コピーしました。');
    } catch {
      setCopied('コピーできませんでした。書き写してください。');
    }
  };
  const save = () =>
    downloadFile(
      `theralink-recovery-code-${tokyoDateKey()}.txt`,
      `セラリンク 顧客ノートの回復コード\r\n${code}\r\n\r\n合言葉を忘れたときに使います。他人に見せないでください。\r\n`,
      'text/plain;charset=utf-8',
    );
  return (
    <div className="border-brand-700 dark:border-brand-300 space-y-3 rounded-lg border-2 border-dashed p-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">回復コード</p>
      <p data-testid="recovery-code" className="font-mono text-xl font-bold tracking-wider break-all select-all sm:text-2xl" translate="no">
        {code}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          コピー
        </Button>
        <Button variant="secondary" onClick={save}>
          テキストファイルに保存
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm">
        {copied}
      </p>
    </div>
  );
}
