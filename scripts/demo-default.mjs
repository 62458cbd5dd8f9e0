/**
 * `npm start` and `npm run dev` are the demo (decision 011): DEMO=true unless NODE_ENV=production
 * or DEMO is set either way. The server refuses DEMO=true in production itself.
 */
export function withDemoDefault(env) {
  if ((env.DEMO ?? '') === '' && env.NODE_ENV !== 'production') env.DEMO = 'true';
  return env;
}
