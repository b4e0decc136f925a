// An ES-module stand-in for the `classnames` package, which ships only as UMD. Shudan imports
// the bare name `classnames`; the import map in index.html points it here. Same behaviour:
// strings and numbers are kept, arrays are flattened, object keys are kept when their value is
// truthy, everything else is dropped.
export default function classNames(...args) {
  const out = [];
  for (const arg of args) {
    if (!arg) continue;
    if (typeof arg === 'string' || typeof arg === 'number') out.push(arg);
    else if (Array.isArray(arg)) {
      const inner = classNames(...arg);
      if (inner) out.push(inner);
    } else if (typeof arg === 'object') {
      for (const [key, value] of Object.entries(arg)) if (value) out.push(key);
    }
  }
  return out.join(' ');
}
