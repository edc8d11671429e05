/** What the API tells the desk at start: the identity provider and the municipalities it serves. */
export interface DeskConfig {
  issuer: string;
  client_id: string;
  audience: string;
}

export async function loadDeskConfig(): Promise<DeskConfig> {
  const res = await fetch('/desk-config.json', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`No se pudo leer la configuración de la mesa (HTTP ${res.status})`);
  return (await res.json()) as DeskConfig;
}
