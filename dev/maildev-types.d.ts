/** The part of MailDev's API (CommonJS, untyped) the project uses. */
declare module 'maildev' {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    silent?: boolean;
    disableWeb?: boolean;
  }
  class MailDev {
    constructor(options?: MailDevOptions);
    listen(callback?: (err?: Error) => void): void;
    close(callback?: () => void): void;
  }
  export default MailDev;
}
