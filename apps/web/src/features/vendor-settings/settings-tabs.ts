/** The General Settings tabs (spec §2: Business and Visual Content), kept in the URL as ?tab=. */
export const SETTINGS_TABS = [
  { id: 'business', label: 'Business' },
  { id: 'visual-content', label: 'Visual Content' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export const DEFAULT_SETTINGS_TAB: SettingsTab = 'business';

/** The tab a ?tab= value names; Business for a missing or unknown one. */
export function settingsTabOf(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_SETTINGS_TAB;
}
