/** What `run_shell` tells the model, per language. */
const en = {
  description:
    'Run a shell command in the working folder and get its exit code, stdout and stderr. The command has no input and is stopped after a time limit; long output is cut. Prefer the file tools for reading and editing files.',
  notAllowed: (command: string) =>
    `This command is not allowed here and was not run: ${JSON.stringify(command)}. Do the step another way or ask the user.`,
  cancelled: 'The call was cancelled before the command started; it was not run.',
  timedOut: (ms: number) => `Timed out after ${ms} ms; the command was killed.`,
  exitCode: (code: number) => `Exit code ${code}.`,
  signal: (signal: string) => `Stopped by signal ${signal}.`,
  notStarted: 'The command could not be started.',
  empty: '(empty)',
  cut: '(Output was cut; narrow the command to see the rest.)',
  timedOutTitle: 'run_shell: timed out',
  exitTitle: (status: number | string) => `run_shell: exit ${status}`,
  notStartedTitle: 'run_shell: exit error',
};

const zh: typeof en = {
  description:
    '在工作目录中运行一条 shell 命令，返回退出码、标准输出和标准错误。命令没有标准输入，超过时限会被终止；过长的输出会被截断。读写文件请优先使用文件工具。',
  notAllowed: (command) =>
    `此处不允许运行该命令，未执行：${JSON.stringify(command)}。请换一种方式完成这一步，或询问用户。`,
  cancelled: '调用在命令启动前已取消，命令未执行。',
  timedOut: (ms) => `超过 ${ms} 毫秒仍未结束，命令已被终止。`,
  exitCode: (code) => `退出码 ${code}。`,
  signal: (signal) => `被信号 ${signal} 终止。`,
  notStarted: '命令无法启动。',
  empty: '（空）',
  cut: '（输出已截断；请缩小命令范围以查看其余部分。）',
  timedOutTitle: 'run_shell: 超时',
  exitTitle: (status) =>
    `run_shell: ${typeof status === 'number' ? `退出码 ${status}` : `信号 ${status}`}`,
  notStartedTitle: 'run_shell: 未能启动',
};

export const RUN_SHELL_TEXTS = { en, zh };
