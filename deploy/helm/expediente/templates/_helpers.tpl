{{/* Names: <release>-expediente, or the release name when it already says expediente. */}}
{{- define "expediente.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "expediente.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one process: (dict "root" $ "component" "api"). */}}
{{- define "expediente.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "expediente.componentLabels" -}}
{{ include "expediente.labels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "expediente.image" -}}
{{ printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) }}
{{- end -}}

{{- define "expediente.secretName" -}}
{{ .Values.secrets.name | default (printf "%s-secrets" (include "expediente.fullname" .)) }}
{{- end -}}

{{- define "expediente.signerUrl" -}}
{{ printf "http://%s-signer:%v" (include "expediente.fullname" .) .Values.signer.port }}
{{- end -}}

{{- define "expediente.tsaUrl" -}}
{{- if .Values.devServices.tsa.enabled -}}
{{ printf "http://%s-tsa:%v" (include "expediente.fullname" .) .Values.devServices.tsa.port }}
{{- else -}}
{{ required "signer.tsaUrl is required (a time-stamping authority), or turn devServices.tsa on" .Values.signer.tsaUrl }}
{{- end -}}
{{- end -}}

{{- define "expediente.cscUrl" -}}
{{- if .Values.devServices.csc.enabled -}}
{{ printf "http://%s-csc:%v" (include "expediente.fullname" .) .Values.devServices.csc.port }}
{{- else -}}
{{ .Values.csc.url }}
{{- end -}}
{{- end -}}

{{/* Secret keys every API and worker pod reads; required ones must be in the Secret. */}}
{{- define "expediente.appSecretKeys" -}}
required: [DATABASE_URL, FILE_URL_SECRET, WEBHOOK_SECRETS_KEY, SIGNER_API_KEY, METRICS_TOKEN, AUTH0_MGMT_CLIENT_SECRET]
optional: [CSC_CLIENT_SECRET, CSC_ADMIN_TOKEN, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, SMTP_PASSWORD, AI_API_KEY]
{{- end -}}

{{/* env entries reading keys from the Secret: (dict "root" $ "required" list "optional" list [ "secret" name ]). */}}
{{- define "expediente.secretEnv" -}}
{{- $name := .secret | default (include "expediente.secretName" .root) -}}
{{- range .required }}
- name: {{ . }}
  valueFrom:
    secretKeyRef: { name: {{ $name }}, key: {{ . }} }
{{- end }}
{{- range .optional }}
- name: {{ . }}
  valueFrom:
    secretKeyRef: { name: {{ $name }}, key: {{ . }}, optional: true }
{{- end }}
{{- end -}}

{{/* Startup, readiness and liveness on /health of the named port. */}}
{{- define "expediente.probes" -}}
{{- $p := .root.Values.probes -}}
startupProbe:
  httpGet: { path: /health, port: {{ .port }} }
  periodSeconds: {{ $p.startup.periodSeconds }}
  timeoutSeconds: {{ $p.startup.timeoutSeconds }}
  failureThreshold: {{ $p.startup.failureThreshold }}
readinessProbe:
  httpGet: { path: /health, port: {{ .port }} }
  periodSeconds: {{ $p.readiness.periodSeconds }}
  timeoutSeconds: {{ $p.readiness.timeoutSeconds }}
  failureThreshold: {{ $p.readiness.failureThreshold }}
livenessProbe:
  httpGet: { path: /health, port: {{ .port }} }
  periodSeconds: {{ $p.liveness.periodSeconds }}
  timeoutSeconds: {{ $p.liveness.timeoutSeconds }}
  failureThreshold: {{ $p.liveness.failureThreshold }}
{{- end -}}

{{/* Pod-level settings shared by every process. */}}
{{- define "expediente.podSpec" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- end -}}

{{/* Scheduling of one process: its values (nodeSelector, tolerations, affinity). */}}
{{- define "expediente.scheduling" -}}
{{- with .nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Pod annotations: config checksums (a change rolls the pods) and Prometheus scraping. */}}
{{- define "expediente.podAnnotations" -}}
checksum/config: {{ include (print .root.Template.BasePath "/configmap.yaml") .root | sha256sum }}
{{- if .root.Values.secrets.create }}
checksum/secret: {{ include (print .root.Template.BasePath "/secret.yaml") .root | sha256sum }}
{{- end }}
{{- if and .root.Values.metrics.annotations .metricsPort }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ .metricsPort | quote }}
prometheus.io/path: /metrics
{{- end }}
{{- end -}}

{{/* Writable places under a read-only root: /tmp (Chromium's profile, uploads) and DATA_DIR. */}}
{{- define "expediente.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /data
{{- end -}}

{{- define "expediente.volumes" -}}
- name: tmp
  emptyDir: { sizeLimit: 1Gi }
- name: data
{{- if and .shared (eq .root.Values.storage.driver "filesystem") }}
  persistentVolumeClaim:
    claimName: {{ required "storage.dataClaim is required with storage.driver=filesystem (a ReadWriteMany claim the API and worker share)" .root.Values.storage.dataClaim }}
{{- else }}
  emptyDir: {}
{{- end }}
{{- end -}}

{{- define "expediente.certificatesSecretName" -}}
{{ .Values.certificates.secretName | default (printf "%s-certificates" (include "expediente.fullname" .)) }}
{{- end -}}
