/** A backup or restore the operator asked for that cannot be done as asked (exit code 2). */
export class BackupRefused extends Error {}
