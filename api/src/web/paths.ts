import path from 'node:path';
import { repoRoot } from '../env';

export const webDist = path.join(repoRoot, 'web', 'dist');
export const webClientDir = path.join(webDist, 'client');
export const webServerEntry = path.join(webDist, 'server', 'entry-server.js');
export const demoAssetsDir = path.join(repoRoot, 'api', 'assets', 'demo');
export const webAssetsDir = path.join(webClientDir, 'assets');
