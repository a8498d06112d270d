// Two instances of the built site on one PostgreSQL store, behind a private nginx doing round
// robin with deploy/nginx/proxy.conf (the configuration the deployment uses), all on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ARGS } from '../../scripts/server-command';

/** Debian puts nginx in /usr/sbin, which is not on every user's PATH. */
export const nginxBinary =
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file)) ?? 'nginx';

export interface Cluster {
  instances: ChildProcess[];
  /** the instances' own ports */
  ports: number[];
  /** Starts instance `index` again (after a test killed or stopped it), with `extra` settings. */
  restart(index: number, extra?: Record<string, string>): ChildProcess;
  /** What nginx logged at level warn and above (why a request failed, for a test's message). */
  errorLog(): string;
  stop(): void;
}

/** Starts the instances on `nodePorts` with `env`, and nginx on `port` in front of them. */
export function startCluster(
  dir: string,
  port: number,
  nodePorts: number[],
  env: NodeJS.ProcessEnv,
  stdio: 'inherit' | 'ignore' = 'inherit',
): Cluster {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
  // nginx's workers may run as another user (root starts them as nobody): let them write here.
  fs.chmodSync(dir, 0o777);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    include ${path.resolve('deploy/nginx/http.conf')};
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    upstream makerspace {
${nodePorts.map((nodePort) => `        server 127.0.0.1:${nodePort};`).join('\n')}
        keepalive 32;
        keepalive_timeout 10s;
    }
    server {
        listen 127.0.0.1:${port};
        include ${path.resolve('deploy/nginx/proxy.conf')};
    }
}
`,
  );
  const instance = (nodePort: number, extra: Record<string, string> = {}) =>
    spawn(process.execPath, SERVER_ARGS, {
      env: {
        ...env,
        ...extra,
        PORT: String(nodePort),
        TRUST_PROXY: '1',
        // With files in S3 each instance gets a disk of its own: nothing on it is shared.
        ...(env.S3_BUCKET ? { DATA_DIR: path.join(dir, `node-${nodePort}`) } : {}),
      },
      stdio,
    });
  const instances = nodePorts.map((nodePort) => instance(nodePort));
  const nginx = spawn(nginxBinary, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio });
  return {
    instances,
    ports: nodePorts,
    restart: (index, extra) => (instances[index] = instance(nodePorts[index], extra)),
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    stop() {
      nginx.kill('SIGQUIT');
      for (const instance of instances) instance.kill('SIGTERM');
      nginx.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    },
  };
}
