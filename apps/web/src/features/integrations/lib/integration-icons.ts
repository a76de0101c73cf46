import {
  Box,
  Cloud,
  Files,
  Handshake,
  type LucideIcon,
  Mail,
  Network,
  Plug,
  Share2,
  Sheet,
  Users,
} from 'lucide-react';

/** The catalogue's icon keys (spec 03 §3: the page card has icon) and the picture each one shows. */
const ICONS: Record<string, LucideIcon> = {
  sharepoint: Share2,
  onedrive: Cloud,
  outlook: Mail,
  gmail: Mail,
  affinity: Handshake,
  box: Box,
  'salesforce-files': Files,
  hubspot: Network,
  airtable: Sheet,
  crm: Users,
};

/** The icon for a catalogue key; a plug for a key this client does not know yet. */
export function integrationIcon(key: string): LucideIcon {
  return ICONS[key] ?? Plug;
}
