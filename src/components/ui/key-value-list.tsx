import type { ReactNode } from 'react';
import { cx } from './cx';

export interface KeyValueItem {
  key: ReactNode;
  value: ReactNode;
}

/** Terms and values as a description list; wraps to one column on narrow screens. */
export function KeyValueList({ items, className }: { items: KeyValueItem[]; className?: string }) {
  return (
    <dl className={cx('grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]', className)}>
      {items.map((item, index) => (
        <div key={index} className="contents">
          <dt className="font-medium text-slate-600">{item.key}</dt>
          <dd className="mb-1 min-w-0 break-words text-slate-900 sm:mb-0">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
