/**
 * The platform's `on_string`: "data 1", "data 1 and data 2", "data 1, data 2, and data 3", and from
 * four inputs "data 1, data 2, and others" (each hid once).
 */
export function onString(inputHids: number[]): string {
  const hids = [...new Set(inputHids)];
  if (hids.length === 1) return `data ${hids[0]}`;
  if (hids.length === 2) return `data ${hids[0]} and data ${hids[1]}`;
  if (hids.length === 3) return `data ${hids[0]}, data ${hids[1]}, and data ${hids[2]}`;
  return hids.length ? `data ${hids[0]}, data ${hids[1]}, and others` : '';
}

/** An output's name: its label template filled in, or "<tool name> on <on_string>". */
export function outputName(toolName: string, label: string | null, inputHids: number[]): string {
  const on = onString(inputHids);
  if (label) {
    return label
      .replace(/\$\{tool\.name\}|\$tool\.name/g, toolName)
      .replace(/\$\{on_string\}|\$on_string/g, on)
      .trim();
  }
  return on ? `${toolName} on ${on}` : toolName;
}
