// What a start that failed tells the user, in one message in their language: a data folder a newer Keydesk wrote,
// a data folder another Keydesk holds, or anything else with the system's own words quoted. Both entries show it
// (a dialog in the desktop app, one line on stderr in browser mode) and exit non-zero.
import type { Language } from '../src-shared/contract';
import { redactString } from './log/redact';
import { DataDirLockedError } from './vault/data-dir-lock';
import { NewerDataError } from './vault/data-format';

export interface StartFailureText {
  readonly title: string;
  readonly body: string;
}

/** The exit code of a start that failed (0 is a clean quit). */
export const START_FAILED_EXIT_CODE = 1;

const quoted = (error: unknown): string =>
  redactString(error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .slice(0, 300);

export function startFailureText(error: unknown, language: Language, dataDir: string): StartFailureText {
  const zh = language === 'zh-CN';
  const title = zh ? 'Keydesk 无法启动' : 'Keydesk could not start';
  if (error instanceof NewerDataError) {
    const { file, found, supported } = error;
    return {
      title,
      body: zh
        ? `此数据文件夹由更新版本的 Keydesk 写入：${file} 的格式为 ${found}，此版本最高只能读取 ${supported}。Keydesk 没有启动，也没有改动任何文件。请重新安装较新的 Keydesk，或让此版本使用另一个数据文件夹（KEYDESK_DATA_DIR）。数据文件夹：${dataDir}`
        : `This data folder was written by a newer Keydesk: ${file} is in format ${found}, and this version reads up to ${supported}. Keydesk did not start and changed nothing. Install the newer Keydesk again, or start this one on another data folder (KEYDESK_DATA_DIR). Data folder: ${dataDir}`,
    };
  }
  if (error instanceof DataDirLockedError) {
    return {
      title,
      body: zh
        ? `另一个 Keydesk（进程 ${error.pid}）正在使用此数据文件夹。请先退出它，或让此 Keydesk 使用另一个数据文件夹（KEYDESK_DATA_DIR）。如果没有 Keydesk 在运行，请删除锁文件 ${error.lockPath}。`
        : `Another Keydesk (process ${error.pid}) is using this data folder. Quit it first, or start this one on another data folder (KEYDESK_DATA_DIR). If no Keydesk is running, delete the lock file ${error.lockPath}.`,
    };
  }
  return {
    title,
    body: zh
      ? `Keydesk 没有启动。系统给出的原因：“${quoted(error)}”。日志中有详细信息。数据文件夹：${dataDir}`
      : `Keydesk did not start. The system said: “${quoted(error)}”. The log has the details. Data folder: ${dataDir}`,
  };
}
