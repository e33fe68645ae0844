// Each landing card's icon, by the name the settings store (event-fields.ts's highlightIcons).
import {
  Award,
  CalendarDays,
  Coffee,
  Handshake,
  Lightbulb,
  MapPin,
  Mic,
  ShieldCheck,
  Star,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { HighlightIcon } from '@shared/event-fields.ts';

export const highlightIcon: Record<HighlightIcon, LucideIcon> = {
  calendar: CalendarDays,
  shield: ShieldCheck,
  handshake: Handshake,
  microphone: Mic,
  people: Users,
  lightbulb: Lightbulb,
  coffee: Coffee,
  'map-pin': MapPin,
  certificate: Award,
  star: Star,
};
