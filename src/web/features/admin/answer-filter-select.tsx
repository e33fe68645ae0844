// 'Resposta' beside the search box (issue 34.4): the list narrowed to those who picked one option
// of the organizer's questions ('Tamanho da camiseta: M'). Shown only when a question has options.
import { cn } from '@/lib/cn.ts';
import type { AnswerFilterGroup } from './answer-filter.ts';

export const answerFilterTexts = {
  label: 'Resposta',
  all: 'Todas as respostas',
  yes: 'Sim',
  no: 'Não',
} as const;

export interface AnswerFilterSelectProps {
  groups: AnswerFilterGroup[];
  value: string;
  onChange(value: string): void;
}

export function AnswerFilterSelect({ groups, value, onChange }: AnswerFilterSelectProps) {
  if (groups.length === 0) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="filtro-resposta" className="text-sm font-semibold">
        {answerFilterTexts.label}
      </label>
      <select
        id="filtro-resposta"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(
          'border-input bg-card h-11 min-w-0 flex-1 rounded-lg border px-3 text-sm sm:max-w-80',
          'focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none',
          value !== '' && 'border-primary font-semibold',
        )}
      >
        <option value="">{answerFilterTexts.all}</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
