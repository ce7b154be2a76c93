/**
 * n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED=true, and n8n 3.0's stricter defaults) refuses
 * a request to a blocked address before it leaves n8n. Its own error says to "ask your n8n
 * administrator to allowlist" without naming the setting; this names it, for the Base URL's host.
 * n8n's error classes are not importable by a community package: they are known by name.
 */
export interface SsrfBlock {
	/** 'ip': the host is, or resolves to, a blocked address; 'hostname': the host is on N8N_SSRF_BLOCKED_HOSTNAMES */
	by: 'ip' | 'hostname';
	/** the blocked address, when n8n gives it */
	ip?: string;
}

/** 4 or 6 for an IP address, 0 for a host name (community nodes may not import node:net). */
function ipVersion(host: string): 0 | 4 | 6 {
	if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return 4;
	return /^[0-9a-f:.]+$/i.test(host) && host.includes(':') ? 6 : 0;
}

const oneAddress = (ip: string) => `${ip}/${ipVersion(ip) === 6 ? 128 : 32}`;

const SSRF_ERRORS: Record<string, SsrfBlock['by']> = {
	SsrfBlockedIpError: 'ip',
	SsrfBlockedHostnameError: 'hostname',
};

/** The SSRF block behind a failed request (anywhere in its cause chain), or undefined. */
export function ssrfBlockOf(error: unknown): SsrfBlock | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
		const by = SSRF_ERRORS[String((current as { name?: unknown }).name)];
		if (by) {
			const ip = (current as { ip?: unknown }).ip;
			return typeof ip === 'string' && ipVersion(ip) ? { by, ip } : { by };
		}
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function hostOf(baseUrl: string): string {
	try {
		return new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
	} catch {
		return '';
	}
}

/** The allow-list entry that lets the Base URL through: its address as a one-address range, or its host name. */
function allowEntry(host: string, ip: string | undefined): string {
	if (ipVersion(host)) return `N8N_SSRF_ALLOWED_IP_RANGES=${oneAddress(host)}`;
	const byAddress = ip
		? ` (or N8N_SSRF_ALLOWED_IP_RANGES=${oneAddress(ip)}, the address it resolves to)`
		: '';
	return `N8N_SSRF_ALLOWED_HOSTNAMES=${host}${byAddress}`;
}

/** What happened and what to set, in one sentence for an error message. */
export function describeSsrfBlock(block: SsrfBlock, baseUrl: string): string {
	const host = hostOf(baseUrl);
	const where = block.ip && block.ip !== host ? `${host} (${block.ip})` : host;
	if (block.by === 'hostname') {
		return `n8n's SSRF protection blocked the request to ${where}: the host is on N8N_SSRF_BLOCKED_HOSTNAMES. Whoever runs n8n can remove it there or set N8N_SSRF_ALLOWED_HOSTNAMES=${host} (on main and every worker), then restart n8n.`;
	}
	return `n8n's SSRF protection blocked the request to ${where}: a private, loopback or other restricted address. Whoever runs n8n can allow the Base URL with ${allowEntry(host, block.ip)} (on main and every worker), then restart n8n.`;
}
