'use strict';
// wasi.cjs - the WASI calls hexref.wasm's C runtime imports, answered by
// the package itself so that it needs no WASI runtime: an empty
// environment (HEXREF_KERNEL unset: the one kernel), the clocks, writes to
// stdout and stderr (the fixture runner's notes), and a read-only file
// system for the checks' fixture and suite files. The file system is one
// preopened directory "/" over the host's root, read with node:fs's sync
// calls (check.cjs hands the C side absolute paths); nothing can be created
// or written. A run may lay "overlay" files over it: texts served in place
// of a file's contents (fixture_cases.cjs's one-fixture files keep their
// original's path, so findings name the real file and line).

const fs = require('node:fs');
const path = require('node:path');

// WASI errno values.
const E = { SUCCESS: 0, ACCES: 2, BADF: 8, INVAL: 28, IO: 29, ISDIR: 31, NOENT: 44,
  NOSYS: 52, NOTDIR: 54, ROFS: 69 };
const FILETYPE = { CHAR: 2, DIR: 3, FILE: 4 };
const PREOPEN_FD = 3;
const RIGHT_FD_WRITE = 1n << 6n;
const O_WRITING = 1 | 4 | 8; // oflags creat, excl, trunc
const FIRST_FD = 4;

let overlay = new Map(); // absolute path -> Buffer
// Lays files (a Map of absolute path -> text, or null) over the file
// system; returns what was laid before, for the caller to put back.
function setOverlay(files) {
  const before = overlay;
  overlay = new Map([...(files ?? [])].map(([p, text]) => [path.resolve(p), Buffer.from(text)]));
  return before;
}
function restoreOverlay(before) { overlay = before; }
// The key of a check's options that carries its overlay (fixture_cases.cjs).
const OVERLAY = Symbol('hexref overlay');

const open = new Map(); // fd -> { fd (host), data (Buffer), entries, pos, dir }

function errno(e) {
  return { ENOENT: E.NOENT, EACCES: E.ACCES, EISDIR: E.ISDIR, ENOTDIR: E.NOTDIR,
    EPERM: E.ACCES }[e && e.code] ?? E.IO;
}

function filetype(st) { return st.isDirectory() ? FILETYPE.DIR : st.isFile() ? FILETYPE.FILE : FILETYPE.CHAR; }

function wasiImports(memory) {
  const view = () => new DataView(memory().buffer);
  const mem = () => new Uint8Array(memory().buffer);
  const str = (ptr, len) => Buffer.from(memory().buffer, ptr, len).toString('utf8');
  // Each call's host errors become errno values: nothing may throw into C.
  const guard = (fn) => (...args) => { try { return fn(...args); } catch (e) { return errno(e); } };
  const hostPath = (dirfd, ptr, len) => {
    if (dirfd !== PREOPEN_FD) return null;
    return path.join('/', str(ptr, len));
  };
  const writeStat = (ptr, st, size) => {
    const v = view();
    v.setBigUint64(ptr, 0n, true);
    v.setBigUint64(ptr + 8, BigInt(st ? st.ino : 0), true);
    v.setUint8(ptr + 16, st ? filetype(st) : FILETYPE.FILE);
    v.setBigUint64(ptr + 24, 1n, true);
    v.setBigUint64(ptr + 32, BigInt(size), true);
    for (const off of [40, 48, 56]) v.setBigUint64(ptr + off, 0n, true);
  };
  const sizeOf = (f) => (f.data ? f.data.length : fs.fstatSync(f.fd).size);

  return {
    environ_sizes_get(countPtr, sizePtr) {
      view().setUint32(countPtr, 0, true);
      view().setUint32(sizePtr, 0, true);
      return E.SUCCESS;
    },
    environ_get() { return E.SUCCESS; },
    clock_time_get: guard((id, precision, timePtr) => {
      const ns = id === 0 ? BigInt(Date.now()) * 1000000n : process.hrtime.bigint();
      view().setBigUint64(timePtr, ns, true);
      return E.SUCCESS;
    }),
    fd_write: guard((fd, iovs, count, writtenPtr) => {
      if (fd !== 1 && fd !== 2) return E.BADF;
      let total = 0;
      for (let i = 0; i < count; i++) {
        const ptr = view().getUint32(iovs + 8 * i, true), len = view().getUint32(iovs + 8 * i + 4, true);
        total += fs.writeSync(fd, mem().subarray(ptr, ptr + len));
      }
      view().setUint32(writtenPtr, total, true);
      return E.SUCCESS;
    }),
    fd_prestat_get(fd, ptr) {
      if (fd !== PREOPEN_FD) return E.BADF;
      view().setUint8(ptr, 0); // a directory
      view().setUint32(ptr + 4, 1, true); // its name: "/"
      return E.SUCCESS;
    },
    fd_prestat_dir_name(fd, ptr, len) {
      if (fd !== PREOPEN_FD || len < 1) return E.BADF;
      mem()[ptr] = 0x2f; // "/"
      return E.SUCCESS;
    },
    path_open: guard((dirfd, dirflags, pathPtr, pathLen, oflags, rights, inherit, fdflags, fdPtr) => {
      const p = hostPath(dirfd, pathPtr, pathLen);
      if (p === null) return E.BADF;
      if (oflags & O_WRITING || BigInt.asUintN(64, BigInt(rights)) & RIGHT_FD_WRITE) return E.ROFS;
      const f = { pos: 0 };
      if (overlay.has(p)) {
        f.data = overlay.get(p);
      } else {
        const st = fs.statSync(p);
        if (st.isDirectory()) f.entries = fs.readdirSync(p, { withFileTypes: true });
        else if (oflags & 2) return E.NOTDIR; // oflags directory
        else f.fd = fs.openSync(p, 'r');
      }
      let fd = FIRST_FD;
      while (open.has(fd)) fd++;
      open.set(fd, f);
      view().setUint32(fdPtr, fd, true);
      return E.SUCCESS;
    }),
    fd_close: guard((fd) => {
      const f = open.get(fd);
      if (!f) return E.BADF;
      open.delete(fd);
      if (f.fd !== undefined) fs.closeSync(f.fd);
      return E.SUCCESS;
    }),
    fd_read: guard((fd, iovs, count, readPtr) => {
      const f = open.get(fd);
      if (!f) return E.BADF;
      if (f.entries) return E.ISDIR;
      let total = 0;
      for (let i = 0; i < count; i++) {
        const ptr = view().getUint32(iovs + 8 * i, true), len = view().getUint32(iovs + 8 * i + 4, true);
        const target = mem().subarray(ptr, ptr + len);
        const n = f.data ? f.data.copy(target, 0, f.pos, f.pos + len) : fs.readSync(f.fd, target, 0, len, f.pos);
        f.pos += n;
        total += n;
        if (n < len) break;
      }
      view().setUint32(readPtr, total, true);
      return E.SUCCESS;
    }),
    fd_seek: guard((fd, offset, whence, newPtr) => {
      const f = open.get(fd);
      if (!f || f.entries) return E.BADF;
      const base = [0, f.pos, sizeOf(f)][whence];
      const pos = (base ?? NaN) + Number(offset);
      if (!(pos >= 0)) return E.INVAL;
      f.pos = pos;
      view().setBigUint64(newPtr, BigInt(pos), true);
      return E.SUCCESS;
    }),
    fd_fdstat_get(fd, ptr) {
      const f = open.get(fd);
      if (!f && fd > PREOPEN_FD) return E.BADF;
      const type = fd === PREOPEN_FD || (f && f.entries) ? FILETYPE.DIR : f ? FILETYPE.FILE : FILETYPE.CHAR;
      view().setUint8(ptr, type);
      view().setUint16(ptr + 2, 0, true);
      view().setBigUint64(ptr + 8, ~RIGHT_FD_WRITE & 0xffffffffffffffffn, true);
      view().setBigUint64(ptr + 16, ~RIGHT_FD_WRITE & 0xffffffffffffffffn, true);
      return E.SUCCESS;
    },
    // Clearing O_NONBLOCK (input_file.c): reads here never block anyway.
    fd_fdstat_set_flags(fd) { return open.has(fd) ? E.SUCCESS : E.BADF; },
    fd_filestat_get: guard((fd, ptr) => {
      const f = open.get(fd);
      if (!f) return E.BADF;
      if (f.data) writeStat(ptr, null, f.data.length);
      else if (f.entries) writeStat(ptr, { ino: 0, isDirectory: () => true, isFile: () => false }, 0);
      else { const st = fs.fstatSync(f.fd); writeStat(ptr, st, st.size); }
      return E.SUCCESS;
    }),
    path_filestat_get: guard((dirfd, flags, pathPtr, pathLen, ptr) => {
      const p = hostPath(dirfd, pathPtr, pathLen);
      if (p === null) return E.BADF;
      if (overlay.has(p)) { writeStat(ptr, null, overlay.get(p).length); return E.SUCCESS; }
      const st = fs.statSync(p);
      writeStat(ptr, st, st.size);
      return E.SUCCESS;
    }),
    // Directory entries from the cookie on: 24-byte dirent headers, each
    // followed by its name; a full buffer tells the caller to ask again.
    fd_readdir: guard((fd, buf, len, cookie, usedPtr) => {
      const f = open.get(fd);
      if (!f || !f.entries) return E.BADF;
      let used = 0;
      for (let i = Number(cookie); i < f.entries.length && used < len; i++) {
        const d = f.entries[i], name = Buffer.from(d.name);
        const head = new DataView(new ArrayBuffer(24));
        head.setBigUint64(0, BigInt(i + 1), true);
        head.setBigUint64(8, 0n, true);
        head.setUint32(16, name.length, true);
        head.setUint8(20, d.isDirectory() ? FILETYPE.DIR : d.isFile() ? FILETYPE.FILE : 0);
        const entry = Buffer.concat([Buffer.from(head.buffer), name]);
        const n = Math.min(entry.length, len - used);
        mem().set(entry.subarray(0, n), buf + used);
        used += n;
      }
      view().setUint32(usedPtr, used, true);
      return E.SUCCESS;
    }),
    proc_exit(code) { throw new Error(`hexref.wasm exited (code ${code})`); },
    // Any other call a different toolchain's runtime may import.
    __unknown() { return E.NOSYS; },
  };
}

module.exports = { wasiImports, setOverlay, restoreOverlay, OVERLAY };
