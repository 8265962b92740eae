import type { Stats } from 'node:fs';
import { ControlRoomError } from '../../protocol/index.js';

/**
 * The rule for every file read on the VFS's behalf, from `lstat` of its real path: a regular
 * file with one name. A link, pipe, socket or device is refused (`file_not_regular`: a pipe would
 * hang the read, a device has no end). A second name is refused too (`file_hard_linked`): a hard
 * link looks like a plain file inside the workspace while its content may be a file anywhere on the
 * disk — the API key in app data, a private key in the home folder — and from inside there is no
 * telling where the other name is.
 */
export function requireSingleRegularFile(info: Stats, vfsPath: string): void {
  if (info.isDirectory()) throw new ControlRoomError('path_is_directory', `${vfsPath} is a folder; name a file inside it.`);
  if (!info.isFile()) {
    throw new ControlRoomError(
      'file_not_regular',
      `Refused ${JSON.stringify(vfsPath)}: it is ${info.isSymbolicLink() ? 'a link' : 'not a regular file (a pipe, socket or device)'}. Only plain files are read; replace it with the file itself.`,
    );
  }
  if (info.nlink > 1) {
    throw new ControlRoomError(
      'file_hard_linked',
      `Refused ${JSON.stringify(vfsPath)}: it is a hard link (the same file has ${info.nlink} names on disk, and another may be outside the workspace). Replace it with a copy of the file.`,
    );
  }
}
