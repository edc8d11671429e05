/** The shape every expiring credential's check reports (API keys, signing certificates...). */
export interface ExpiringItem {
  /** What expires: 'api_key' here; other checks add their own kinds. */
  kind: string;
  /** The tenant schema it belongs to, or null for platform-wide items. */
  tenant: string | null;
  id: string;
  /** How an operator recognises it (a key's name and prefix). */
  label: string;
  expires_at: string;
  /** 'expired' once the expiry has passed (the item no longer works). */
  status: 'expiring' | 'expired';
  /** Whole days to the expiry, rounded toward zero: negative for days since it passed. */
  days_left: number;
}
