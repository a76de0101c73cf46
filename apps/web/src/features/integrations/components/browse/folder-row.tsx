import type { TSharePointFolder } from '@atempo/contracts';
import { Folder } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { formatDate } from '../../../../lib/format.ts';

export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

export function FolderRow({ folder, onOpen }: { folder: TSharePointFolder; onOpen: () => void }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <Folder aria-hidden="true" className="size-5 shrink-0 text-amber-500" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{folder.name}</p>
        <p className="text-xs text-slate-500">
          {itemCountText(folder.childCount)}
          {folder.lastModifiedDateTime && ` · ${formatDate(folder.lastModifiedDateTime)}`}
        </p>
      </div>
      <Button size="sm" variant="secondary" aria-label={`Open ${folder.name}`} onClick={onOpen}>
        Open
      </Button>
    </li>
  );
}
