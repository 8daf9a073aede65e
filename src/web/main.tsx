/**
 * The entry (ADR 0082). Its modules are all in this chunk, but they are evaluated in steps, each in its own task:
 * nothing but this module in the task that runs the chunk (ADR 0195), then React DOM, then Chakra's modules that
 * create a system, then those of its default theme, then the console's system (ADR 0168: together they made a task of
 * 200-450 ms on a phone), then the console, which hydrates the prerendered page (or renders) in a transition.
 * Evaluated at once they made one long task that blocked the page for the whole start-up; Total Blocking Time counts
 * only the part of each task beyond 50 ms. Only our own modules (and react-dom/client, which exports what it is for)
 * are imported this way: a dynamic import keeps every export of the module it names, so naming a library such as
 * @chakra-ui/react would put all of it in the chunk.
 */
import { nextTask } from './lib/next-task';

async function start(): Promise<void> {
  // Not in the task that ends the page's parsing, which already evaluates this chunk and styles the prerendered page.
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ './theme/chakra-styled-system');
  await nextTask();
  await import(/* webpackMode: "eager" */ './theme/default-theme-slice');
  await nextTask();
  await import(/* webpackMode: "eager" */ './theme/system');
  await nextTask();
  const { startConsole } = await import(/* webpackMode: "eager" */ './app/start-console');
  await nextTask();
  await startConsole({ liveUpdates: true });
}

void start();
