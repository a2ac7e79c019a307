{{- define "assay.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "assay.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "assay.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* Environment shared by every container: the config, and each secret as KEY_FILE. */}}
{{- define "assay.env" -}}
{{- range $k, $v := .Values.config }}
- name: {{ $k }}
  value: {{ $v | quote }}
{{- end }}
{{- range $file, $var := .Values.secret.files }}
- name: {{ $var }}_FILE
  value: /run/secrets/assay/{{ $file }}
{{- end }}
{{- range $file, $var := .Values.secret.optionalFiles }}
- name: {{ $var }}_FILE
  value: /run/secrets/assay/{{ $file }}
{{- end }}
{{- end -}}

{{- define "assay.secretVolume" -}}
- name: secrets
  secret:
    secretName: {{ .Values.secret.name }}
    defaultMode: 288 # 0440: root-owned, readable by the fsGroup
{{- end -}}

{{- define "assay.mounts" -}}
- name: secrets
  mountPath: /run/secrets/assay
  readOnly: true
- name: tmp
  mountPath: /tmp
{{- end -}}
