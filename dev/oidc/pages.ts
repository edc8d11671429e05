/** The provider's HTML pages: login, consent, password setting and plain messages. */

export function esc(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${esc(title)} · expediente (desarrollo)</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: .5rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.3rem; margin-top: 0; }
  label { display: block; margin: .8rem 0 .3rem; font-size: .9rem; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }
  button { margin-top: 1rem; padding: .55rem 1rem; font-size: 1rem; cursor: pointer; }
  .error { background: #fee2e2; color: #991b1b; padding: .6rem; border-radius: .3rem; }
  .note { color: #555; font-size: .85rem; }
  hr { margin: 1.5rem 0; border: none; border-top: 1px solid #ddd; }
</style>
</head>
<body><main>
${body}
<p class="note">Proveedor de identidad de desarrollo.</p>
</main></body>
</html>`;
}

const errorBox = (error?: string) => (error ? `<p class="error" role="alert">${esc(error)}</p>` : '');

export function loginPage(input: {
  uid: string;
  clientName: string;
  email?: string;
  error?: string;
  socialLogin: boolean;
}): string {
  const social = input.socialLogin
    ? `<hr>
<form method="post" action="/interaction/${esc(input.uid)}/social" data-form="social">
  <p class="note">Cuentas sociales (simuladas en desarrollo): ingrese el email de una cuenta social existente.</p>
  <label for="social-email">Email de la cuenta social</label>
  <input id="social-email" name="email" type="email" required>
  <button type="submit">Continuar con cuenta social</button>
</form>`
    : '';
  return layout(
    'Iniciar sesión',
    `<h1>Iniciar sesión</h1>
<p>para continuar a <strong>${esc(input.clientName)}</strong></p>
${errorBox(input.error)}
<form method="post" action="/interaction/${esc(input.uid)}/login" data-form="login">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${esc(input.email)}">
  <label for="password">Contraseña</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Ingresar</button>
</form>
<form method="post" action="/interaction/${esc(input.uid)}/abort"><button type="submit">Cancelar</button></form>
${social}`,
  );
}

export function consentPage(input: {
  uid: string;
  clientName: string;
  email: string;
  scopes: string[];
  resources: string[];
}): string {
  const items = input.scopes.map((s) => `<li>${esc(s)}</li>`).join('');
  const apis = input.resources.length ? `<p>APIs: ${input.resources.map(esc).join(', ')}</p>` : '';
  return layout(
    'Autorizar aplicación',
    `<h1>Autorizar aplicación</h1>
<p><strong>${esc(input.clientName)}</strong> solicita acceso a su cuenta <strong>${esc(input.email)}</strong>:</p>
<ul>${items}</ul>
${apis}
<form method="post" action="/interaction/${esc(input.uid)}/consent" data-form="consent"><button type="submit">Permitir</button></form>
<form method="post" action="/interaction/${esc(input.uid)}/abort" data-form="deny"><button type="submit">Denegar</button></form>`,
  );
}

export function setPasswordPage(input: { ticket: string; email: string; error?: string }): string {
  return layout(
    'Establecer contraseña',
    `<h1>Establecer contraseña</h1>
<p>Cuenta: <strong>${esc(input.email)}</strong></p>
${errorBox(input.error)}
<form method="post" action="/lo/reset" data-form="set-password">
  <input type="hidden" name="ticket" value="${esc(input.ticket)}">
  <label for="password">Nueva contraseña</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required>
  <label for="password_confirmation">Repita la contraseña</label>
  <input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required>
  <p class="note">Al menos 8 caracteres, con minúsculas, mayúsculas y números.</p>
  <button type="submit">Guardar contraseña</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const action = link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : '';
  return layout(title, `<h1>${esc(title)}</h1>\n<p data-message>${esc(message)}</p>\n${action}`);
}
