/**
 * Generated from the backend OpenAPI description (api/openapi/backend.ts) by openapi-typescript.
 * Do not edit: run `npm run web:api-types`.
 */
export interface paths {
    "/api/v1/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API Keys del municipio */
        get: operations["get_api_v1_admin_api_keys"];
        put?: never;
        /** Crear una API Key (la clave se muestra una sola vez) */
        post: operations["post_api_v1_admin_api_keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/api-keys/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Auditoría de una API Key */
        get: operations["get_api_v1_admin_api_keys_by_id_audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revocar una API Key */
        post: operations["post_api_v1_admin_api_keys_by_id_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotar una API Key */
        post: operations["post_api_v1_admin_api_keys_by_id_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Días no laborables del año (feriados nacionales y municipales)
         * @description Los fines de semana no se listan. Sin year, el año en curso del municipio.
         */
        get: operations["get_api_v1_admin_calendar"];
        put?: never;
        /** Agregar un día no laborable municipal */
        post: operations["post_api_v1_admin_calendar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/calendar/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Eliminar un día no laborable municipal
         * @description date en formato YYYY-MM-DD. Los feriados nacionales no se pueden eliminar (400).
         */
        delete: operations["delete_api_v1_admin_calendar_by_date"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/case-templates/{id}/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Plazo de conservación de una plantilla de expediente
         * @description Solo administradores. retention_years de 1 a 200, o null para quitar el plazo.
         */
        put: operations["put_api_v1_admin_case_templates_by_id_retention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/document-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Plazo de firma por defecto de cada tipo de documento */
        get: operations["get_api_v1_admin_document_types"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/document-types/{acronym}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Fijar el plazo de firma por defecto de un tipo (días hábiles; null: sin plazo) */
        put: operations["put_api_v1_admin_document_types_by_acronym"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/municipality": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Nombre, ciudad y logo del municipio */
        get: operations["get_api_v1_admin_municipality"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/municipality/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * La imagen del logo del municipio
         * @description PNG o JPEG, tal como se subió; 404 si el municipio no tiene logo.
         */
        get: operations["get_api_v1_admin_municipality_logo"];
        /**
         * Subir o reemplazar el logo del municipio
         * @description multipart/form-data con el archivo en logo: PNG o JPEG (reconocido por su contenido) de hasta 256 KB y 4096 píxeles por lado. Más grande: 413; otro tipo: 415; imagen dañada o vacía: 400. Se muestra en la página pública de verificación de los documentos del municipio.
         */
        put: operations["put_api_v1_admin_municipality_logo"];
        post?: never;
        /**
         * Quitar el logo del municipio
         * @description 404 si no tiene logo.
         */
        delete: operations["delete_api_v1_admin_municipality_logo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Expedientes archivados con el plazo de conservación cumplido
         * @description Solo administradores. Los expedientes archivados cuyo archivo más el plazo de su plantilla ya pasó, los más antiguos primero, y el plazo de cada plantilla. Nada se elimina.
         */
        get: operations["get_api_v1_admin_retention"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/signatures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Modo de firma del municipio y usuarios con otro modo
         * @description Solo administradores. seal: el sello del municipio (certificado del municipio); personal: el certificado propio de cada usuario en el servicio de firma remota, autorizado con un código en cada firma.
         */
        get: operations["get_api_v1_admin_signatures"];
        /**
         * Cambiar el modo de firma del municipio
         * @description Solo administradores.
         */
        put: operations["put_api_v1_admin_signatures"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Suscripciones a webhooks del municipio */
        get: operations["get_api_v1_admin_webhooks"];
        put?: never;
        /**
         * Registrar una suscripción (el secreto se muestra una sola vez)
         * @description Recibe los eventos que ocurran desde ahora. La URL se comprueba: en producción solo https y direcciones públicas (nunca privadas, de loopback ni link-local).
         */
        post: operations["post_api_v1_admin_webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Una suscripción */
        get: operations["get_api_v1_admin_webhooks_by_id"];
        put?: never;
        post?: never;
        /** Eliminar una suscripción y su historial de entregas */
        delete: operations["delete_api_v1_admin_webhooks_by_id"];
        options?: never;
        head?: never;
        /**
         * Cambiar, activar, desactivar o rotar el secreto de una suscripción
         * @description Con rotate_secret: true la respuesta trae el secreto nuevo (una sola vez) y el anterior sigue firmando previous_secret_valid_hours. status active reanuda una suscripción fallida desde donde se detuvo.
         */
        patch: operations["patch_api_v1_admin_webhooks_by_id"];
        trace?: never;
    };
    "/api/v1/admin/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Intentos de entrega de una suscripción, los más recientes primero */
        get: operations["get_api_v1_admin_webhooks_by_id_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhooks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reenviar el evento de un intento de entrega */
        post: operations["post_api_v1_admin_webhooks_deliveries_by_id_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** El usuario autenticado y sus permisos por sector */
        get: operations["get_api_v1_auth_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Los municipios donde el usuario del token está activo (sin X-Tenant-Schema) */
        get: operations["get_api_v1_auth_tenants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Expedientes visibles para el usuario */
        get: operations["get_api_v1_cases"];
        put?: never;
        /** Crear un expediente (con su carátula firmada) */
        post: operations["post_api_v1_cases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Un expediente con movimientos, documentos y permisos */
        get: operations["get_api_v1_cases_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archivar un expediente
         * @description Solo un editor del sector dueño del expediente, activo o inactivo, sin asignaciones abiertas ni documentos propuestos sin resolver (si no, 409, como si ya está archivado). Queda archivado para siempre: no se transfiere, asigna ni recibe documentos. Si su plantilla tiene un plazo de conservación, se cuenta desde ahora.
         */
        post: operations["post_api_v1_cases_by_id_archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asignar una tarea a otro sector */
        post: operations["post_api_v1_cases_by_id_assign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/available-sectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sectores a los que se puede mover */
        get: operations["get_api_v1_cases_by_id_available_sectors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/close-assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cerrar una asignación */
        post: operations["post_api_v1_cases_by_id_close_assign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exportar el expediente (PDF completo y paquete BagIt)
         * @description Exporta una versión del índice (la última si no se indica index_version; si aún no está firmada, la exportación la espera): el PDF "expediente completo" (índice firmado, cada documento con su foja estampada en el margen, un marcador por documento y el PDF original firmado adjunto, así sus firmas siguen verificables) y un paquete BagIt (RFC 8493, manifiestos SHA-256) con el índice firmado y su gemelo JSON, cada PDF oficial tal como fue firmado y el registro de auditoría. Puede exportar quien puede ver el expediente; un memo que no puede leer queda fuera (su entrada lo dice). 200 con la exportación si terminó dentro de la espera, si no 202 con poll; solo quien la pidió la consulta.
         */
        post: operations["post_api_v1_cases_by_id_export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/exports/{exportId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estado de una exportación y sus enlaces de descarga */
        get: operations["get_api_v1_cases_by_id_exports_by_exportId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/folios/{documentId}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Anular las fojas de un documento del expediente
         * @description Solo un editor del sector responsable. Nada se quita: la entrada queda anulada (quién, cuándo, motivo de 5 a 500 caracteres) en una nueva versión del índice.
         */
        post: operations["post_api_v1_cases_by_id_folios_by_documentId_annul"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Índice del expediente: versión actual y versiones
         * @description Cada documento agregado al expediente recibe su posición y sus fojas (las páginas de su PDF oficial, a continuación de la última foja). Cada cambio (documentos foliados, una foja anulada) es una nueva versión del índice, firmada con el sello del municipio (PAdES-B-LTA); las anteriores se conservan. Un memo figura como "Memo" y su número, sin referencia.
         */
        get: operations["get_api_v1_cases_by_id_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/index/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Una versión del índice del expediente */
        get: operations["get_api_v1_cases_by_id_index_versions_by_version"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/link-document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Vincular un documento oficial */
        post: operations["post_api_v1_cases_by_id_link_document"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Transferir (o asignar, sin transferir la titularidad) */
        post: operations["post_api_v1_cases_by_id_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/by-number/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Expediente por número */
        get: operations["get_api_v1_cases_by_number_by_number"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/creations/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estado de una creación en curso */
        get: operations["get_api_v1_cases_creations_by_key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/sectors/{sectorId}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usuarios de un sector */
        get: operations["get_api_v1_cases_sectors_by_sectorId_users"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tipos de expediente (trata) */
        get: operations["get_api_v1_cases_templates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Actividad reciente */
        get: operations["get_api_v1_dashboard_feed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboard/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contadores del usuario */
        get: operations["get_api_v1_dashboard_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Crear un borrador */
        post: operations["post_api_v1_documents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Eliminar un borrador propio */
        delete: operations["delete_api_v1_documents_by_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detalle unificado con el estado de la firma */
        get: operations["get_api_v1_documents_by_id_details"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/imported-pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Reemplazar el PDF de un borrador importado */
        put: operations["put_api_v1_documents_by_id_imported_pdf"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/preview-download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** PDF de la vista previa (URL firmada si ya está guardado, o el PDF) */
        post: operations["post_api_v1_documents_by_id_preview_download"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/preview-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Datos para la vista previa */
        post: operations["post_api_v1_documents_by_id_preview_info"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rechazar la firma */
        post: operations["post_api_v1_documents_by_id_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Guardar un borrador */
        patch: operations["patch_api_v1_documents_by_id_save"];
        trace?: never;
    };
    "/api/v1/documents/{id}/sign/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Autorizar una firma personal con su código
         * @description Completa la firma personal que el último pedido de firma del usuario preparó, con el código que recibió por e-mail (o de su aplicación TOTP). El código vence a los 5 minutos y sirve una sola vez; un código equivocado es 400 y el tercero anula ese intento (no la ronda); vencido o sin firma esperando, 409; si otra firma se agregó mientras tanto, 409 y se envía un código nuevo para la versión actual. 202 si la firma sigue en curso (el servicio de firma remota no responde): se completa sola.
         */
        post: operations["post_api_v1_documents_by_id_sign_authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/signature-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Firmantes y validación del PDF oficial (certificados, sellos de tiempo) */
        get: operations["get_api_v1_documents_by_id_signature_details"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/start-signing-process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enviar a firma (con plazo opcional) */
        post: operations["post_api_v1_documents_by_id_start_signing_process"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{id}/super-sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firmar (el numerador numera)
         * @description Un firmante con firma personal recibe 202 con authorization_required: se le envió un código para autorizarla en POST /documents/{document_id}/sign/authorize.
         */
        post: operations["post_api_v1_documents_by_id_super_sign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Importar un PDF externo como borrador */
        post: operations["post_api_v1_documents_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/search-official/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documento oficial por número */
        get: operations["get_api_v1_documents_search_official_by_number"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/sign-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firmar un lote de documentos
         * @description Firma con el usuario actuante cada documento de la lista (1-100 UUID distintos) en su propia ronda de firma, con las reglas de la firma individual; cada documento recibe su respuesta (signed, numbered con su número, refused con el mensaje de la firma individual). Idempotency-Key es obligatorio y es el id del lote: repetirlo devuelve el mismo lote sin firmar dos veces. 200 si el lote terminó dentro de la espera, si no 202 con el progreso y poll_url. Quien firma con certificado personal recibe sus firmas preparadas (awaiting_authorization) y un solo código por e-mail para todas (authorization_required, authorize_url).
         */
        post: operations["post_api_v1_documents_sign_batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/sign-batch/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progreso de un lote de firma (solo para quien lo inició) */
        get: operations["get_api_v1_documents_sign_batch_by_key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/sign-batch/{key}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Autorizar con un código las firmas personales de un lote
         * @description El código del lote de un firmante con certificado personal: una autorización (CSC numSignatures) para todas sus firmas preparadas, que luego se completan documento por documento. Vence a los 5 minutos de la primera firma preparada; un código equivocado es 400 con los intentos restantes y el tercero anula la autorización (los documentos quedan refused); vencido o sin nada que autorizar, 409.
         */
        post: operations["post_api_v1_documents_sign_batch_by_key_authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notification-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cómo recibe el usuario cada tipo de aviso por e-mail
         * @description Por tipo (signature_request: documento para firmar; document_outcome: su documento firmado o rechazado; note: nota a su sector; memo: memorándum recibido): immediate, digest (resumen diario a las digest_hour en time_zone) u off.
         */
        get: operations["get_api_v1_me_notification_preferences"];
        /**
         * Cambiar cómo recibe el usuario cada tipo de aviso
         * @description Solo cambian los tipos nombrados. Un tipo desconocido o un valor que no sea immediate, digest u off es 400.
         */
        put: operations["put_api_v1_me_notification_preferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Un memo (registra la apertura) */
        get: operations["get_api_v1_memos_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memos/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Archivar o desarchivar un memo */
        patch: operations["patch_api_v1_memos_by_id_archive"];
        trace?: never;
    };
    "/api/v1/memos/archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Memos archivados */
        get: operations["get_api_v1_memos_archived"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memos/received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Memos recibidos */
        get: operations["get_api_v1_memos_received"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memos/sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Memos enviados */
        get: operations["get_api_v1_memos_sent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/memos/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Memos sin leer */
        get: operations["get_api_v1_memos_unread_count"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Una nota (la marca leída) */
        get: operations["get_api_v1_notes_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notes/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archivar (o desarchivar) una nota */
        post: operations["post_api_v1_notes_by_id_archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notes/archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notas archivadas */
        get: operations["get_api_v1_notes_archived"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notes/received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notas recibidas */
        get: operations["get_api_v1_notes_received"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notes/sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notas enviadas */
        get: operations["get_api_v1_notes_sent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Legajos visibles */
        get: operations["get_api_v1_records"];
        put?: never;
        /** Crear un legajo */
        post: operations["post_api_v1_records"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Un legajo con su familia y permisos */
        get: operations["get_api_v1_records_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Cambiar estado o nombre */
        patch: operations["patch_api_v1_records_by_id"];
        trace?: never;
    };
    "/api/v1/records/{id}/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Expedientes vinculados */
        get: operations["get_api_v1_records_by_id_cases"];
        put?: never;
        /** Vincular un expediente */
        post: operations["post_api_v1_records_by_id_cases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/cases/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Desvincular un expediente */
        delete: operations["delete_api_v1_records_by_id_cases_by_linkId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documentos vinculados */
        get: operations["get_api_v1_records_by_id_documents"];
        put?: never;
        /** Vincular un documento */
        post: operations["post_api_v1_records_by_id_documents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/documents/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Desvincular un documento */
        delete: operations["delete_api_v1_records_by_id_documents_by_linkId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/fields/{field}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Actualizar un campo */
        patch: operations["patch_api_v1_records_by_id_fields_by_field"];
        trace?: never;
    };
    "/api/v1/records/{id}/fields/{field}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verificar un campo con un documento oficial */
        post: operations["post_api_v1_records_by_id_fields_by_field_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Historial del legajo */
        get: operations["get_api_v1_records_by_id_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/relations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Relaciones del legajo */
        get: operations["get_api_v1_records_by_id_relations"];
        put?: never;
        /** Relacionar con otro legajo */
        post: operations["post_api_v1_records_by_id_relations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/relations/{relationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Quitar una relación */
        delete: operations["delete_api_v1_records_by_id_relations_by_relationId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generar el informe IFRLM firmado */
        post: operations["post_api_v1_records_by_id_report"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/{id}/reports/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estado de un informe en generación */
        get: operations["get_api_v1_records_by_id_reports_by_key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/records/autocomplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Autocompletar legajos */
        get: operations["get_api_v1_records_autocomplete"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/registries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Familias de registro visibles */
        get: operations["get_api_v1_registries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/registries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Una familia de registro */
        get: operations["get_api_v1_registries_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usuarios activos */
        get: operations["get_api_v1_users"];
        put?: never;
        /** Dar de alta un usuario (administradores) */
        post: operations["post_api_v1_users"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dar de baja a un usuario (administradores)
         * @description No puede volver a actuar ni firmar; lo que firmó sigue siendo válido. Su certificado de firma personal se revoca (CredentialRevocationWorkflow).
         */
        post: operations["post_api_v1_users_by_id_deactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Documentos de un usuario */
        get: operations["get_api_v1_users_by_id_documents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Perfil de un usuario */
        get: operations["get_api_v1_users_by_id_profile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/provisioning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estado del alta (administradores) */
        get: operations["get_api_v1_users_by_id_provisioning"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/resend-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reenviar la invitación (administradores) */
        post: operations["post_api_v1_users_by_id_resend_invitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/signature-mode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Modo de firma de un usuario (administradores)
         * @description mode null: el del municipio. Los documentos que genera el sistema (carátulas, providencias, informes) se firman siempre con el sello del municipio.
         */
        put: operations["put_api_v1_users_by_id_signature_mode"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Buscar en el directorio */
        get: operations["get_api_v1_users_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "case.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se asignó una tarea de un expediente
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_case_assigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "case.assignment_closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se cerró una asignación de un expediente
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_case_assignment_closed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "case.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se creó un expediente
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_case_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "case.document_linked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se vinculó un documento oficial a un expediente
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_case_document_linked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "case.transferred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Un expediente se transfirió a otro sector
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_case_transferred"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se creó un documento
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_document_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.officialized": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Un documento quedó oficial (número asignado, PDF final)
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_document_officialized"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Un firmante rechazó un documento
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_document_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.sent_to_sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Un documento se envió a firmar
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_document_sent_to_sign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.signed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Un firmante firmó un documento
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_document_signed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "memo.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se entregó un memo (sin contenido ni destinatarios)
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_memo_delivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "note.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se entregó una nota a sus sectores destinatarios
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_note_delivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "record.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se creó un registro
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_record_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "record.report_generated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se generó el informe oficial de un registro
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_record_report_generated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "record.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Se modificó un registro
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_record_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "signing.overdue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Venció el plazo de firma de un documento
         * @description Enviado a cada suscripción activa que lo pide, al menos una vez y en orden por sujeto (documento, expediente o registro). Una respuesta 2XX confirma la recepción; cualquier otra cosa (o ninguna respuesta a tiempo) se reintenta con espera creciente durante 72 horas.
         */
        post: operations["webhook_signing_overdue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_api_v1_admin_api_keys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            items: {
                                all_users: boolean;
                                created_at: string;
                                expires_at: string | null;
                                /** Format: uuid */
                                id: string;
                                last_system_read_at: string | null;
                                last_used_at: string | null;
                                name: string;
                                prefix: string;
                                previous_prefix: string | null;
                                previous_valid_until: string | null;
                                revoked_at: string | null;
                                rotated_at: string | null;
                                /** @enum {string} */
                                state: "active" | "expired" | "revoked" | "rotating";
                                system_read: boolean;
                                system_read_count: number;
                                tenant: string;
                                user_ids: string[];
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_admin_api_keys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    all_users?: boolean;
                    expires_in_days?: number;
                    name: string;
                    system_read?: boolean;
                    user_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Creado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            all_users: boolean;
                            created_at: string;
                            expires_at: string | null;
                            /** Format: uuid */
                            id: string;
                            key: string;
                            last_system_read_at: string | null;
                            last_used_at: string | null;
                            name: string;
                            prefix: string;
                            previous_prefix: string | null;
                            previous_valid_until: string | null;
                            revoked_at: string | null;
                            rotated_at: string | null;
                            /** @enum {string} */
                            state: "active" | "expired" | "revoked" | "rotating";
                            system_read: boolean;
                            system_read_count: number;
                            tenant: string;
                            user_ids: string[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_api_keys_by_id_audit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            items: {
                                action: string;
                                actor: string | null;
                                details: Record<string, unknown>;
                                occurred_at: string;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_admin_api_keys_by_id_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            all_users: boolean;
                            created_at: string;
                            expires_at: string | null;
                            /** Format: uuid */
                            id: string;
                            last_system_read_at: string | null;
                            last_used_at: string | null;
                            name: string;
                            prefix: string;
                            previous_prefix: string | null;
                            previous_valid_until: string | null;
                            revoked_at: string | null;
                            rotated_at: string | null;
                            /** @enum {string} */
                            state: "active" | "expired" | "revoked" | "rotating";
                            system_read: boolean;
                            system_read_count: number;
                            tenant: string;
                            user_ids: string[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_admin_api_keys_by_id_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    expires_in_days?: number;
                    overlap_hours?: number;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            all_users: boolean;
                            created_at: string;
                            expires_at: string | null;
                            /** Format: uuid */
                            id: string;
                            key: string;
                            last_system_read_at: string | null;
                            last_used_at: string | null;
                            name: string;
                            prefix: string;
                            previous_prefix: string | null;
                            previous_valid_until: string | null;
                            revoked_at: string | null;
                            rotated_at: string | null;
                            /** @enum {string} */
                            state: "active" | "expired" | "revoked" | "rotating";
                            system_read: boolean;
                            system_read_count: number;
                            tenant: string;
                            user_ids: string[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_calendar: {
        parameters: {
            query?: {
                year?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            items: {
                                /** Format: date */
                                date: string;
                                name: string;
                                /** @enum {string} */
                                source: "national" | "municipal";
                            }[];
                            year: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_admin_calendar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Fecha local YYYY-MM-DD */
                    date: string;
                    description: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Creado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            created_by: string;
                            /** Format: date */
                            date: string;
                            description: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    delete_api_v1_admin_calendar_by_date: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            created_by: string;
                            /** Format: date */
                            date: string;
                            description: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    put_api_v1_admin_case_templates_by_id_retention: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Años que se conserva un expediente archivado de esta plantilla; null: sin plazo */
                    retention_years: number | null;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            acronym: string;
                            name: string;
                            retention_years: number | null;
                            /** Format: uuid */
                            template_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_document_types: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            document_types: {
                                acronym: string;
                                name: string;
                                signing_due_business_days: number | null;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    put_api_v1_admin_document_types_by_acronym: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                acronym: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Días hábiles de plazo de firma (null: sin plazo) */
                    signing_due_business_days: number | null;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            acronym: string;
                            name: string;
                            signing_due_business_days: number | null;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_municipality: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            city: string;
                            logo: {
                                /** @enum {string} */
                                content_type: "image/png" | "image/jpeg";
                                height: number;
                                size: number;
                                updated_at: string;
                                updated_by: string;
                                width: number;
                            } | null;
                            municipality_code: string;
                            name: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_municipality_logo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description El logo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                };
            };
        };
    };
    put_api_v1_admin_municipality_logo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description PNG o JPEG, hasta 256 KB */
                    logo: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            city: string;
                            logo: {
                                /** @enum {string} */
                                content_type: "image/png" | "image/jpeg";
                                height: number;
                                size: number;
                                updated_at: string;
                                updated_by: string;
                                width: number;
                            } | null;
                            municipality_code: string;
                            name: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    delete_api_v1_admin_municipality_logo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            city: string;
                            logo: {
                                /** @enum {string} */
                                content_type: "image/png" | "image/jpeg";
                                height: number;
                                size: number;
                                updated_at: string;
                                updated_by: string;
                                width: number;
                            } | null;
                            municipality_code: string;
                            name: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_retention: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            cases: {
                                archived_at: string;
                                /** Format: uuid */
                                case_id: string;
                                case_number: string;
                                reference: string;
                                retention_ends_at: string;
                                retention_years: number;
                                template: string;
                            }[];
                            page: number;
                            page_size: number;
                            templates: {
                                acronym: string;
                                name: string;
                                retention_years: number | null;
                                /** Format: uuid */
                                template_id: string;
                            }[];
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_signatures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            default_mode: "seal" | "personal";
                            users: {
                                full_name: string;
                                /** @enum {string} */
                                mode: "seal" | "personal";
                                /** Format: uuid */
                                user_id: string;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    put_api_v1_admin_signatures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    default_mode: "seal" | "personal";
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            default_mode: "seal" | "personal";
                            users: {
                                full_name: string;
                                /** @enum {string} */
                                mode: "seal" | "personal";
                                /** Format: uuid */
                                user_id: string;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            description: string;
                            event_types: string[];
                            failing_since: string | null;
                            failure_reason: string | null;
                            /** Format: uuid */
                            id: string;
                            previous_secret_expires_at: string | null;
                            /** @enum {string} */
                            status: "active" | "disabled" | "failing";
                            updated_at: string;
                            url: string;
                        }[];
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_admin_webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description Tipos de evento que recibe la suscripción (al menos uno) */
                    event_types: ("document.created" | "document.sent_to_sign" | "document.signed" | "document.officialized" | "document.rejected" | "case.created" | "case.transferred" | "case.assigned" | "case.assignment_closed" | "case.document_linked" | "note.delivered" | "memo.delivered" | "record.created" | "record.updated" | "record.report_generated" | "signing.overdue")[];
                    /** @description Dirección que recibe los eventos (en producción: https y una dirección pública) */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Creado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            description: string;
                            event_types: string[];
                            failing_since: string | null;
                            failure_reason: string | null;
                            /** Format: uuid */
                            id: string;
                            previous_secret_expires_at: string | null;
                            secret: string;
                            /** @enum {string} */
                            status: "active" | "disabled" | "failing";
                            updated_at: string;
                            url: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_webhooks_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            description: string;
                            event_types: string[];
                            failing_since: string | null;
                            failure_reason: string | null;
                            /** Format: uuid */
                            id: string;
                            previous_secret_expires_at: string | null;
                            /** @enum {string} */
                            status: "active" | "disabled" | "failing";
                            updated_at: string;
                            url: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    delete_api_v1_admin_webhooks_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            description: string;
                            event_types: string[];
                            failing_since: string | null;
                            failure_reason: string | null;
                            /** Format: uuid */
                            id: string;
                            previous_secret_expires_at: string | null;
                            /** @enum {string} */
                            status: "active" | "disabled" | "failing";
                            updated_at: string;
                            url: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    patch_api_v1_admin_webhooks_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description Tipos de evento que recibe la suscripción (al menos uno) */
                    event_types?: ("document.created" | "document.sent_to_sign" | "document.signed" | "document.officialized" | "document.rejected" | "case.created" | "case.transferred" | "case.assigned" | "case.assignment_closed" | "case.document_linked" | "note.delivered" | "memo.delivered" | "record.created" | "record.updated" | "record.report_generated" | "signing.overdue")[];
                    /** @description Con rotate_secret: horas (0 a 168) en que el secreto anterior sigue firmando (por defecto 24; 0: deja de firmar ya) */
                    previous_secret_valid_hours?: number;
                    /** @description true: genera un secreto nuevo (se muestra una sola vez) */
                    rotate_secret?: boolean;
                    /**
                     * @description 'active' también reanuda una suscripción fallida desde donde se detuvo
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description Dirección que recibe los eventos (en producción: https y una dirección pública) */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            description: string;
                            event_types: string[];
                            failing_since: string | null;
                            failure_reason: string | null;
                            /** Format: uuid */
                            id: string;
                            previous_secret_expires_at: string | null;
                            secret?: string;
                            /** @enum {string} */
                            status: "active" | "disabled" | "failing";
                            updated_at: string;
                            url: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_admin_webhooks_by_id_deliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            attempt: number;
                            created_at: string;
                            error: string | null;
                            /** Format: uuid */
                            event_id: string;
                            event_type: string;
                            /** Format: uuid */
                            id: string;
                            latency_ms: number;
                            manual: boolean;
                            /** @enum {string} */
                            outcome: "delivered" | "failed";
                            response_excerpt: string;
                            status_code: number | null;
                        }[];
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_admin_webhooks_deliveries_by_id_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            event_id: string;
                            /** Format: uuid */
                            redelivery_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_auth_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            auth_id: string | null;
                            email: string;
                            full_name: string;
                            is_admin: boolean;
                            permissions: {
                                acronym: string;
                                can_edit: boolean;
                                can_view: boolean;
                                is_primary: boolean;
                                name: string;
                                /** Format: uuid */
                                sector_id: string;
                            }[];
                            role: string;
                            /** Format: uuid */
                            user_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_auth_tenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            tenants: {
                                city: string;
                                name: string;
                                schema: string;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases: {
        parameters: {
            query?: {
                date_filter?: "hoy" | "ayer" | "ultimos_7_dias" | "ultimos_30_dias";
                date_from?: string;
                date_to?: string;
                page?: number;
                page_size?: number;
                search?: string;
                sector_filter?: string;
                status?: "active" | "inactive" | "archived";
                trata_filter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            cases: {
                                access_reason: string;
                                admin_sector: {
                                    acronym: string;
                                    department: string | null;
                                    /** Format: uuid */
                                    sector_id: string;
                                };
                                assigned_sectors: {
                                    acronym: string;
                                    name: string;
                                    /** Format: uuid */
                                    sector_id: string;
                                }[];
                                case_number: string;
                                case_type: {
                                    acronym: string;
                                    name: string;
                                };
                                created_at: string;
                                current_sector: {
                                    acronym: string;
                                    name: string;
                                    /** Format: uuid */
                                    sector_id: string;
                                };
                                deadline: {
                                    due_at: string;
                                    /** Format: uuid */
                                    movement_id: string;
                                    overdue: boolean;
                                    sector: string;
                                } | null;
                                /** Format: uuid */
                                id: string;
                                last_modified_at: string | null;
                                reference: string;
                                /** @enum {string} */
                                status: "active" | "inactive" | "archived";
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_exact?: boolean;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repetir la solicitud con la misma clave devuelve el mismo resultado */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    case_template_id: string;
                    owner_sector_id?: string | null;
                    reference: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Creado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            case: {
                                /** Format: uuid */
                                case_id: string;
                                case_number: string;
                                created_at: string;
                                reference: string;
                                status: string;
                            };
                            cover: {
                                /** Format: uuid */
                                document_id: string;
                                official_number: string | null;
                            };
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            idempotency_key: string;
                            poll_url: string;
                            /** @constant */
                            status: "creating";
                            workflow_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            access_reason: string;
                            admin_sector: {
                                acronym: string;
                                department: string | null;
                                /** Format: uuid */
                                sector_id: string;
                            };
                            assigned_sectors: {
                                acronym: string;
                                name: string;
                                /** Format: uuid */
                                sector_id: string;
                            }[];
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            case_type: {
                                acronym: string;
                                name: string;
                            };
                            created_at: string;
                            created_by: {
                                full_name: string;
                                /** Format: uuid */
                                user_id: string;
                            } | null;
                            current_sector: {
                                acronym: string;
                                name: string;
                                /** Format: uuid */
                                sector_id: string;
                            } | null;
                            deadline: {
                                due_at: string;
                                /** Format: uuid */
                                movement_id: string;
                                overdue: boolean;
                                sector: string;
                            } | null;
                            document_links: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                document_type: string;
                                linked_at: string;
                                linked_by: string | null;
                                reference: string;
                            }[];
                            documents: {
                                created_at: string;
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                document_type: string;
                                reference: string;
                                /** @enum {string} */
                                status: "draft" | "sent_to_sign" | "signed" | "rejected";
                            }[];
                            last_modified_at: string | null;
                            movements: {
                                assigned_user?: {
                                    full_name: string;
                                    /** Format: uuid */
                                    user_id: string;
                                } | null;
                                closed_at?: string | null;
                                created_at: string;
                                created_by: string | null;
                                due_at: string | null;
                                from_sector: string | null;
                                /** Format: uuid */
                                movement_id: string;
                                movement_type: string;
                                reason: string | null;
                                status?: string | null;
                                to_sector: string | null;
                            }[];
                            my_proposed_drafts: {
                                created_at: string;
                                /** Format: uuid */
                                document_id: string;
                                document_type: string;
                                reference: string;
                                /** @enum {string} */
                                status: "draft" | "sent_to_sign" | "signed" | "rejected";
                            }[];
                            permissions: {
                                can_add_documents: boolean;
                                can_assign: boolean;
                                can_close: boolean;
                                can_transfer: boolean;
                                can_view: boolean;
                            };
                            reference: string;
                            short_ai_summary: string | null;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases_by_id_archive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            archived_at: string;
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            /** @constant */
                            status: "archived";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases_by_id_assign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assigned_user_id?: string | null;
                    create_official_doc?: boolean;
                    /** @description Plazo: fecha AAAA-MM-DD (vence al final de ese día, hora del municipio) o fecha y hora ISO 8601 con zona horaria */
                    due_at?: string | null;
                    /** @description Plazo en días hábiles administrativos del municipio (alternativa a due_at) */
                    due_in_business_days?: number | null;
                    reason?: string;
                    /** Format: uuid */
                    target_sector_id: string;
                    transfer_ownership?: boolean;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            assigned_to: string | null;
                            due_at?: string;
                            /** Format: uuid */
                            movement_id: string;
                            official_document?: {
                                /** Format: uuid */
                                document_id?: string;
                                message?: string;
                                official_number?: string;
                                /** @enum {string} */
                                status: "signed" | "signing" | "failed";
                                workflow_id?: string;
                            };
                            sector: {
                                acronym: string;
                                name?: string;
                                /** Format: uuid */
                                sector_id: string;
                            };
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_by_id_available_sectors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            sectors: {
                                acronym: string;
                                name: string;
                                /** Format: uuid */
                                sector_id: string;
                            }[];
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases_by_id_close_assign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    movement_id: string;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            movement_id: string;
                            /** @constant */
                            status: "closed";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases_by_id_export: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    index_version?: number;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            error: string | null;
                            /** Format: uuid */
                            export_id: string;
                            finished_at: string | null;
                            /** @description La versión del índice exportada (null mientras el expediente no tiene ninguna) */
                            index_version: number | null;
                            /** @description El paquete BagIt (ZIP): URL temporal firmada y su SHA-256, una vez terminada la exportación (null hasta entonces) */
                            package: {
                                expires_at: string;
                                sha256: string;
                                url: string;
                            } | null;
                            /** @description El PDF "expediente completo": URL temporal firmada y su SHA-256, una vez terminada la exportación (null hasta entonces) */
                            pdf: {
                                expires_at: string;
                                sha256: string;
                                url: string;
                            } | null;
                            /** @description Dónde consultar el progreso (respuesta 202) */
                            poll?: string;
                            progress: {
                                done: number;
                                /** @enum {string} */
                                step: "index" | "pdf" | "package" | "done";
                                total: number;
                            };
                            requested_at: string;
                            /** @enum {string} */
                            status: "pending" | "running" | "done" | "failed";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            error: string | null;
                            /** Format: uuid */
                            export_id: string;
                            finished_at: string | null;
                            /** @description La versión del índice exportada (null mientras el expediente no tiene ninguna) */
                            index_version: number | null;
                            /** @description El paquete BagIt (ZIP): URL temporal firmada y su SHA-256, una vez terminada la exportación (null hasta entonces) */
                            package: {
                                expires_at: string;
                                sha256: string;
                                url: string;
                            } | null;
                            /** @description El PDF "expediente completo": URL temporal firmada y su SHA-256, una vez terminada la exportación (null hasta entonces) */
                            pdf: {
                                expires_at: string;
                                sha256: string;
                                url: string;
                            } | null;
                            /** @description Dónde consultar el progreso (respuesta 202) */
                            poll?: string;
                            progress: {
                                done: number;
                                /** @enum {string} */
                                step: "index" | "pdf" | "package" | "done";
                                total: number;
                            };
                            requested_at: string;
                            /** @enum {string} */
                            status: "pending" | "running" | "done" | "failed";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_by_id_exports_by_exportId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                exportId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            error: string | null;
                            /** Format: uuid */
                            export_id: string;
                            finished_at: string | null;
                            /** @description La versión del índice exportada (null mientras el expediente no tiene ninguna) */
                            index_version: number | null;
                            /** @description El paquete BagIt (ZIP): URL temporal firmada y su SHA-256, una vez terminada la exportación (null hasta entonces) */
                            package: {
                                expires_at: string;
                                sha256: string;
                                url: string;
                            } | null;
                            /** @description El PDF "expediente completo": URL temporal firmada y su SHA-256, una vez terminada la exportación (null hasta entonces) */
                            pdf: {
                                expires_at: string;
                                sha256: string;
                                url: string;
                            } | null;
                            /** @description Dónde consultar el progreso (respuesta 202) */
                            poll?: string;
                            progress: {
                                done: number;
                                /** @enum {string} */
                                step: "index" | "pdf" | "package" | "done";
                                total: number;
                            };
                            requested_at: string;
                            /** @enum {string} */
                            status: "pending" | "running" | "done" | "failed";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases_by_id_folios_by_documentId_annul: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                documentId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            annulled_at: string;
                            /** Format: uuid */
                            case_id: string;
                            /** Format: uuid */
                            document_id: string;
                            version: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_by_id_index: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            current: {
                                created_at: string;
                                entries: {
                                    annulled: boolean;
                                    annulled_at: string | null;
                                    annulment_reason: string | null;
                                    /** Format: uuid */
                                    document_id: string;
                                    first_folio: number;
                                    is_memo: boolean;
                                    last_folio: number;
                                    number: string;
                                    position: number;
                                    /** @description null para un memo: el índice dice "Memo" y su número */
                                    reference: string | null;
                                    sha256: string;
                                    signed_at: string | null;
                                    type: string;
                                    type_name: string;
                                }[];
                                entries_sha256: string;
                                pdf_sha256: string | null;
                                /** @description URL temporal del PDF del índice firmado con el sello del municipio (null hasta que se firma) */
                                pdf_url: string | null;
                                pdf_url_expires_at: string | null;
                                /** @enum {string} */
                                reason: "foliated" | "annulled";
                                signed: boolean;
                                signed_at: string | null;
                                version: number;
                            } | null;
                            permissions: {
                                can_annul: boolean;
                            };
                            versions: {
                                created_at: string;
                                entries_sha256: string;
                                pdf_sha256: string | null;
                                /** @description URL temporal del PDF del índice firmado con el sello del municipio (null hasta que se firma) */
                                pdf_url: string | null;
                                pdf_url_expires_at: string | null;
                                /** @enum {string} */
                                reason: "foliated" | "annulled";
                                signed: boolean;
                                signed_at: string | null;
                                version: number;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_by_id_index_versions_by_version: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            entries: {
                                annulled: boolean;
                                annulled_at: string | null;
                                annulment_reason: string | null;
                                /** Format: uuid */
                                document_id: string;
                                first_folio: number;
                                is_memo: boolean;
                                last_folio: number;
                                number: string;
                                position: number;
                                /** @description null para un memo: el índice dice "Memo" y su número */
                                reference: string | null;
                                sha256: string;
                                signed_at: string | null;
                                type: string;
                                type_name: string;
                            }[];
                            entries_sha256: string;
                            pdf_sha256: string | null;
                            /** @description URL temporal del PDF del índice firmado con el sello del municipio (null hasta que se firma) */
                            pdf_url: string | null;
                            pdf_url_expires_at: string | null;
                            /** @enum {string} */
                            reason: "foliated" | "annulled";
                            signed: boolean;
                            signed_at: string | null;
                            version: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases_by_id_link_document: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    document_id?: string;
                    /** Format: uuid */
                    official_document_id?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            case_id: string;
                            /** Format: uuid */
                            document_id: string;
                            official_number: string | null;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_cases_by_id_transfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assigned_user_id?: string | null;
                    create_official_doc?: boolean;
                    /** @description Plazo: fecha AAAA-MM-DD (vence al final de ese día, hora del municipio) o fecha y hora ISO 8601 con zona horaria */
                    due_at?: string | null;
                    /** @description Plazo en días hábiles administrativos del municipio (alternativa a due_at) */
                    due_in_business_days?: number | null;
                    reason?: string;
                    /** Format: uuid */
                    target_sector_id: string;
                    transfer_ownership?: boolean;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            assigned_user_id: string | null;
                            due_at?: string;
                            from_sector: Record<string, unknown> | null;
                            /** Format: uuid */
                            movement_id: string;
                            movement_type: string;
                            official_document?: {
                                /** Format: uuid */
                                document_id?: string;
                                message?: string;
                                official_number?: string;
                                /** @enum {string} */
                                status: "signed" | "signing" | "failed";
                                workflow_id?: string;
                            };
                            to_sector: {
                                acronym: string;
                                name?: string;
                                /** Format: uuid */
                                sector_id: string;
                            };
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_by_number_by_number: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            case_type: {
                                acronym: string;
                                name: string;
                            };
                            created_at: string;
                            created_by: {
                                full_name: string;
                                /** Format: uuid */
                                user_id: string;
                            } | null;
                            current_sector: {
                                acronym: string;
                                name: string;
                                /** Format: uuid */
                                sector_id: string;
                            } | null;
                            last_modified_at: string | null;
                            reference: string;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_creations_by_key: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            case: {
                                /** Format: uuid */
                                case_id: string;
                                case_number: string;
                                created_at: string;
                                reference: string;
                                status: string;
                            };
                            cover: {
                                /** Format: uuid */
                                document_id: string;
                                official_number: string | null;
                            };
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            idempotency_key: string;
                            poll_url: string;
                            /** @constant */
                            status: "creating";
                            workflow_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_sectors_by_sectorId_users: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sectorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            users: {
                                email: string;
                                full_name: string;
                                role: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_cases_templates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            templates: {
                                acronym: string;
                                description: string | null;
                                filing_department_name: string | null;
                                /** Format: uuid */
                                id: string;
                                is_active: boolean;
                                name: string;
                            }[];
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_dashboard_feed: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            items: {
                                description: string;
                                event_id: string;
                                kind: string;
                                object: {
                                    document_type?: string | null;
                                    /** Format: uuid */
                                    id: string;
                                    number: string | null;
                                    reference: string | null;
                                    /** @enum {string} */
                                    type: "document" | "case";
                                };
                                occurred_at: string;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_dashboard_stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            active_cases: number;
                            documents_by_status: {
                                draft: number;
                                rejected: number;
                                sent_to_sign: number;
                                signed: number;
                            };
                            overdue_signatures: number;
                            pending_signatures: number;
                            recent_activity: {
                                last_7_days: number;
                                last_30_days: number;
                            };
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    case_id?: string | null;
                    document_type_acronym: string;
                    recipients?: unknown[] | Record<string, unknown>;
                    reference: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            status: string;
                        };
                        /** Format: uuid */
                        document_id: string;
                        message: string;
                        status: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    delete_api_v1_documents_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            deleted: true;
                            /** Format: uuid */
                            document_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_documents_by_id_details: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            created_by: {
                                full_name: string;
                                /** Format: uuid */
                                user_id: string;
                            };
                            /** Format: uuid */
                            document_id: string;
                            document_type: {
                                acronym: string;
                                name: string;
                            };
                            editing?: {
                                can_edit: boolean;
                                content: string | null;
                                is_creator: boolean;
                                proposed_case_ids: string[];
                                recipients: {
                                    bcc: string[];
                                    cc: string[];
                                    to: string[];
                                } | null;
                                rejection: {
                                    reason: string | null;
                                    rejected_at: string | null;
                                    rejected_by: string | null;
                                } | null;
                                signers: {
                                    full_name: string;
                                    is_numerator: boolean;
                                    /** Format: uuid */
                                    user_id: string;
                                }[];
                            };
                            is_imported: boolean;
                            last_modified_at: string;
                            official_number: string | null;
                            reference: string;
                            signing?: {
                                current_user: {
                                    can_sign_now: boolean;
                                    has_signed: boolean;
                                    is_numerator: boolean;
                                    is_signer: boolean;
                                };
                                due_at: string | null;
                                overdue: boolean;
                                sent_to_sign_at: string | null;
                                /** @enum {string} */
                                signature_status: "unsigned" | "pending" | "partially_signed" | "fully_signed" | "rejected";
                                signed_at: string | null;
                                signers: {
                                    full_name: string;
                                    is_numerator: boolean;
                                    signed_at: string | null;
                                    /** @enum {string} */
                                    status: "pending" | "signed" | "rejected";
                                    /** Format: uuid */
                                    user_id: string;
                                }[];
                            };
                            /** @enum {string} */
                            state_category: "editing" | "signing";
                            /** @enum {string} */
                            status: "draft" | "sent_to_sign" | "signed" | "rejected";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    put_api_v1_documents_by_id_imported_pdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description PDF, hasta 10 MB */
                    pdf_file: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            updated_at: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_by_id_preview_download: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            expires_in: number;
                            pdf_url: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                    "application/pdf": string;
                };
            };
        };
    };
    post_api_v1_documents_by_id_preview_info: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            content: string | null;
                            /** Format: uuid */
                            document_id: string;
                            document_type: {
                                acronym: string;
                                name: string;
                            };
                            municipality: string;
                            reference: string;
                            signers: {
                                full_name: string;
                                is_numerator: boolean;
                                signed_at: string | null;
                                status: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @enum {string} */
                            status: "draft" | "sent_to_sign" | "signed" | "rejected";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_by_id_reject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            reason: string;
                            rejected_at: string | null;
                            rejected_by: string;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            /** @constant */
                            document_status: "sent_to_sign";
                            /** @constant */
                            in_progress: true;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    patch_api_v1_documents_by_id_save: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    content?: string;
                    proposed_case_ids?: string[];
                    recipients?: unknown[] | Record<string, unknown>;
                    reference?: string;
                    signers?: {
                        is_numerator?: boolean;
                        /** Format: uuid */
                        user_id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            last_modified_at: string;
                            status: string;
                        };
                        /** Format: uuid */
                        document_id: string;
                        last_modified_at: string;
                        message: string;
                        status: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_by_id_sign_authorize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_status: string;
                            is_numerator: boolean;
                            official_number: string | null;
                            signed_pdf_url?: string;
                        };
                        /** Format: uuid */
                        document_id: string;
                        document_status: string;
                        is_numerator: boolean;
                        message: string;
                        official_number: string | null;
                        signed_pdf_url?: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            /** @constant */
                            document_status: "sent_to_sign";
                            /** @constant */
                            in_progress: true;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_documents_by_id_signature_details: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_number: string | null;
                            signature_status: string;
                            signers: {
                                certificate?: {
                                    serial_number: string | null;
                                    sha256: string | null;
                                    subject: string;
                                } | null;
                                full_name: string;
                                /** @enum {string} */
                                role: "signer" | "numerator";
                                signature_kind?: ("seal" | "personal") | null;
                                signed_at: string | null;
                                status: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            validation: {
                                document: {
                                    date?: string | null;
                                    document_number: string | null;
                                    document_type: string | null;
                                    municipality: string | null;
                                    signers: {
                                        certificate: {
                                            sha256: string;
                                            subject: string;
                                        } | null;
                                        certificate_found: boolean | null;
                                        name: string;
                                        signature_kind: ("seal" | "personal") | null;
                                        signed_at: string | null;
                                    }[];
                                    trail?: {
                                        at: string;
                                        /** @enum {string} */
                                        event: "created" | "sent_to_sign" | "signed" | "officialized";
                                        number: string | null;
                                        signer_name: string | null;
                                    }[];
                                    verification_code: string;
                                } | null;
                                file: {
                                    after_last_signature: string | null;
                                    changes: {
                                        code: string | null;
                                        detail: string | null;
                                        field_name: string | null;
                                        /** @enum {string} */
                                        kind: "signature" | "timestamp" | "validation_data" | "metadata" | "empty_field" | "unchanged" | "modification";
                                        object: number | null;
                                        page: number | null;
                                        revision: number;
                                        signer: string | null;
                                    }[];
                                    matches_registered_original: boolean | null;
                                    modifications: unknown[];
                                    revisions: number;
                                    sha256: string;
                                    size_bytes: number;
                                };
                                message: string;
                                signatures: {
                                    covers_revision: boolean;
                                    digest_valid: boolean;
                                    field_name: string | null;
                                    /** @enum {string} */
                                    kind: "signature" | "timestamp";
                                    modified_after: boolean;
                                    problems: string[];
                                    revision: number | null;
                                    signature_valid: boolean;
                                    signed_by: {
                                        certificate_matches: boolean | null;
                                        name: string;
                                        /** @enum {string} */
                                        signature_kind: "seal" | "personal";
                                    } | null;
                                    signer_issuer: string | null;
                                    signer_subject: string | null;
                                    signing_time: string | null;
                                    timestamp: {
                                        authority: string | null;
                                        time: string | null;
                                        trusted: boolean;
                                        valid: boolean;
                                    } | null;
                                    trusted: boolean;
                                }[];
                                verdict: string;
                            } | null;
                            verification_code: string | null;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_by_id_start_signing_process: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Plazo: fecha AAAA-MM-DD (vence al final de ese día, hora del municipio) o fecha y hora ISO 8601 con zona horaria */
                    due_at?: string | null;
                    /** @description Plazo en días hábiles administrativos del municipio (alternativa a due_at) */
                    due_in_business_days?: number | null;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            due_at?: string;
                            signers: {
                                full_name: string;
                                is_numerator: boolean;
                                status: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                            /** @constant */
                            status: "sent_to_sign";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            /** @constant */
                            document_status: "sent_to_sign";
                            /** @constant */
                            in_progress: true;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_by_id_super_sign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_status: string;
                            is_numerator: boolean;
                            official_number: string | null;
                            signed_pdf_url?: string;
                        };
                        /** Format: uuid */
                        document_id: string;
                        document_status: string;
                        is_numerator: boolean;
                        message: string;
                        official_number: string | null;
                        signed_pdf_url?: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            authorization_required?: true;
                            /** Format: uuid */
                            document_id: string;
                            /** @constant */
                            document_status: "sent_to_sign";
                            expires_at?: string | null;
                            /** @constant */
                            in_progress?: true;
                            is_numerator?: boolean;
                            /** @enum {string} */
                            method?: "otp-email" | "totp";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_import: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    document_type_acronym: string;
                    /** @description PDF, hasta 10 MB */
                    pdf_file: string;
                    reference: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Creado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            /** Format: uuid */
                            document_id: string;
                            document_type: string;
                            /** @constant */
                            is_imported: true;
                            reference: string;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_documents_search_official_by_number: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at?: string;
                            /** Format: uuid */
                            document_id: string;
                            document_number: string | null;
                            document_type?: string;
                            reference: string;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_sign_batch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repetir la solicitud con la misma clave devuelve el mismo resultado */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document_ids: string[];
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            authorization_required?: true;
                            authorize_url?: string;
                            batch_id: string;
                            done: number;
                            expires_at?: string;
                            /** @enum {string} */
                            method?: "otp-email" | "totp";
                            outcomes: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                error?: string;
                                http_status?: number;
                                signed_at: string | null;
                                /** @enum {string} */
                                status: "pending" | "signed" | "numbered" | "refused" | "awaiting_authorization";
                            }[];
                            poll_url: string;
                            /** @enum {string} */
                            status: "running" | "completed";
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            authorization_required?: true;
                            authorize_url?: string;
                            batch_id: string;
                            done: number;
                            expires_at?: string;
                            /** @enum {string} */
                            method?: "otp-email" | "totp";
                            outcomes: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                error?: string;
                                http_status?: number;
                                signed_at: string | null;
                                /** @enum {string} */
                                status: "pending" | "signed" | "numbered" | "refused" | "awaiting_authorization";
                            }[];
                            poll_url: string;
                            /** @enum {string} */
                            status: "running" | "completed";
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_documents_sign_batch_by_key: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            authorization_required?: true;
                            authorize_url?: string;
                            batch_id: string;
                            done: number;
                            expires_at?: string;
                            /** @enum {string} */
                            method?: "otp-email" | "totp";
                            outcomes: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                error?: string;
                                http_status?: number;
                                signed_at: string | null;
                                /** @enum {string} */
                                status: "pending" | "signed" | "numbered" | "refused" | "awaiting_authorization";
                            }[];
                            poll_url: string;
                            /** @enum {string} */
                            status: "running" | "completed";
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            authorization_required?: true;
                            authorize_url?: string;
                            batch_id: string;
                            done: number;
                            expires_at?: string;
                            /** @enum {string} */
                            method?: "otp-email" | "totp";
                            outcomes: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                error?: string;
                                http_status?: number;
                                signed_at: string | null;
                                /** @enum {string} */
                                status: "pending" | "signed" | "numbered" | "refused" | "awaiting_authorization";
                            }[];
                            poll_url: string;
                            /** @enum {string} */
                            status: "running" | "completed";
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_documents_sign_batch_by_key_authorize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            authorization_required?: true;
                            authorize_url?: string;
                            batch_id: string;
                            done: number;
                            expires_at?: string;
                            /** @enum {string} */
                            method?: "otp-email" | "totp";
                            outcomes: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                error?: string;
                                http_status?: number;
                                signed_at: string | null;
                                /** @enum {string} */
                                status: "pending" | "signed" | "numbered" | "refused" | "awaiting_authorization";
                            }[];
                            poll_url: string;
                            /** @enum {string} */
                            status: "running" | "completed";
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            authorization_required?: true;
                            authorize_url?: string;
                            batch_id: string;
                            done: number;
                            expires_at?: string;
                            /** @enum {string} */
                            method?: "otp-email" | "totp";
                            outcomes: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                error?: string;
                                http_status?: number;
                                signed_at: string | null;
                                /** @enum {string} */
                                status: "pending" | "signed" | "numbered" | "refused" | "awaiting_authorization";
                            }[];
                            poll_url: string;
                            /** @enum {string} */
                            status: "running" | "completed";
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_me_notification_preferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            digest_hour: number;
                            preferences: {
                                /** @enum {string} */
                                document_outcome: "immediate" | "digest" | "off";
                                /** @enum {string} */
                                memo: "immediate" | "digest" | "off";
                                /** @enum {string} */
                                note: "immediate" | "digest" | "off";
                                /** @enum {string} */
                                signature_request: "immediate" | "digest" | "off";
                            };
                            time_zone: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    put_api_v1_me_notification_preferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description immediate: al momento; digest: en el resumen diario; off: sin e-mail
                     * @enum {string}
                     */
                    document_outcome?: "immediate" | "digest" | "off";
                    /**
                     * @description immediate: al momento; digest: en el resumen diario; off: sin e-mail
                     * @enum {string}
                     */
                    memo?: "immediate" | "digest" | "off";
                    /**
                     * @description immediate: al momento; digest: en el resumen diario; off: sin e-mail
                     * @enum {string}
                     */
                    note?: "immediate" | "digest" | "off";
                    /**
                     * @description immediate: al momento; digest: en el resumen diario; off: sin e-mail
                     * @enum {string}
                     */
                    signature_request?: "immediate" | "digest" | "off";
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            digest_hour: number;
                            preferences: {
                                /** @enum {string} */
                                document_outcome: "immediate" | "digest" | "off";
                                /** @enum {string} */
                                memo: "immediate" | "digest" | "off";
                                /** @enum {string} */
                                note: "immediate" | "digest" | "off";
                                /** @enum {string} */
                                signature_request: "immediate" | "digest" | "off";
                            };
                            time_zone: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_memos_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ai_summary: string | null;
                            content: {
                                html: string;
                            };
                            /** Format: uuid */
                            document_id: string;
                            document_type: string;
                            my_access: {
                                archived_at: string | null;
                                first_open: boolean;
                                is_archived: boolean;
                                is_sender: boolean;
                                opened_at: string | null;
                                recipient_type: string | null;
                            };
                            official_number: string | null;
                            openings: {
                                full_name: string;
                                opened_at: string | null;
                                recipient_type: string;
                                sector_acronym: string | null;
                                /** Format: uuid */
                                user_id: string;
                            }[] | null;
                            proposed_cases: {
                                /** Format: uuid */
                                case_id: string;
                                case_number: string;
                                reference: string;
                            }[] | null;
                            read_status: {
                                opened: boolean;
                                opened_at: string | null;
                            };
                            recipients: {
                                bcc: {
                                    full_name: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                }[] | null;
                                cc: {
                                    full_name: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                }[];
                                to: {
                                    full_name: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                }[];
                            };
                            reference: string;
                            sender: {
                                full_name: string;
                                sector_acronym: string | null;
                                sector_name: string | null;
                                /** Format: uuid */
                                user_id: string;
                            };
                            signed_at: string | null;
                            signed_pdf_url: string | null;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    patch_api_v1_memos_by_id_archive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    archived: boolean;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        archived: boolean;
                        archived_at: string | null;
                        data: {
                            archived: boolean;
                            archived_at: string | null;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_memos_archived: {
        parameters: {
            query?: {
                date_filter?: "hoy" | "ayer" | "ultimos_7_dias" | "ultimos_30_dias";
                date_from?: string;
                date_to?: string;
                page?: number;
                page_size?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            memos: {
                                ai_summary: string | null;
                                archived_at?: string | null;
                                /** Format: uuid */
                                document_id: string;
                                document_type: string;
                                is_archived?: boolean;
                                official_number: string | null;
                                openings_count?: number;
                                read_status?: {
                                    opened: boolean;
                                    opened_at: string | null;
                                };
                                recipient_type?: string;
                                recipients?: {
                                    full_name: string;
                                    recipient_type: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                }[];
                                reference: string;
                                sender: {
                                    full_name: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                };
                                signed_at: string | null;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_memos_received: {
        parameters: {
            query?: {
                date_filter?: "hoy" | "ayer" | "ultimos_7_dias" | "ultimos_30_dias";
                date_from?: string;
                date_to?: string;
                page?: number;
                page_size?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            memos: {
                                ai_summary: string | null;
                                archived_at?: string | null;
                                /** Format: uuid */
                                document_id: string;
                                document_type: string;
                                is_archived?: boolean;
                                official_number: string | null;
                                openings_count?: number;
                                read_status?: {
                                    opened: boolean;
                                    opened_at: string | null;
                                };
                                recipient_type?: string;
                                recipients?: {
                                    full_name: string;
                                    recipient_type: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                }[];
                                reference: string;
                                sender: {
                                    full_name: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                };
                                signed_at: string | null;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_memos_sent: {
        parameters: {
            query?: {
                date_filter?: "hoy" | "ayer" | "ultimos_7_dias" | "ultimos_30_dias";
                date_from?: string;
                date_to?: string;
                page?: number;
                page_size?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            memos: {
                                ai_summary: string | null;
                                archived_at?: string | null;
                                /** Format: uuid */
                                document_id: string;
                                document_type: string;
                                is_archived?: boolean;
                                official_number: string | null;
                                openings_count?: number;
                                read_status?: {
                                    opened: boolean;
                                    opened_at: string | null;
                                };
                                recipient_type?: string;
                                recipients?: {
                                    full_name: string;
                                    recipient_type: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                }[];
                                reference: string;
                                sender: {
                                    full_name: string;
                                    sector_acronym: string | null;
                                    /** Format: uuid */
                                    user_id: string;
                                };
                                signed_at: string | null;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_memos_unread_count: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            unread_count: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_notes_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            archived_at: string | null;
                            content: string | null;
                            /** Format: uuid */
                            document_id: string;
                            is_archived: boolean;
                            is_read: boolean;
                            my_access: {
                                is_sender: boolean;
                                reception_kind: ("to" | "cc" | "bcc") | null;
                                sectors: {
                                    archived_at: string | null;
                                    is_archived: boolean;
                                    /** @enum {string} */
                                    reception_kind: "to" | "cc" | "bcc";
                                    /** Format: uuid */
                                    sector_id: string;
                                }[];
                            };
                            /** Format: uuid */
                            note_id: string;
                            official_number: string | null;
                            read_at: string | null;
                            recipients: {
                                bcc: {
                                    acronym: string;
                                    name: string;
                                    /** Format: uuid */
                                    sector_id: string;
                                }[];
                                cc: {
                                    acronym: string;
                                    name: string;
                                    /** Format: uuid */
                                    sector_id: string;
                                }[];
                                to: {
                                    acronym: string;
                                    name: string;
                                    /** Format: uuid */
                                    sector_id: string;
                                }[];
                            };
                            reference: string;
                            sender: {
                                full_name: string;
                                sector: {
                                    acronym: string;
                                    name: string;
                                    /** Format: uuid */
                                    sector_id: string;
                                };
                                /** Format: uuid */
                                user_id: string;
                            };
                            sent_at: string | null;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_notes_by_id_archive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    archived?: boolean;
                    /** Format: uuid */
                    sector_id?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            archived: boolean;
                            archived_at: string | null;
                            /** Format: uuid */
                            note_id: string;
                            sector_ids: string[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_notes_archived: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            notes: {
                                archived_at?: string | null;
                                content: string | null;
                                date: string | null;
                                /** Format: uuid */
                                document_id: string;
                                is_archived?: boolean;
                                is_read?: boolean;
                                /** Format: uuid */
                                note_id: string;
                                official_number: string | null;
                                /** @enum {string} */
                                reception_kind?: "to" | "cc" | "bcc";
                                recipients?: {
                                    bcc: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                    cc: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                    to: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                };
                                reference: string;
                                sender: {
                                    full_name: string;
                                    sector: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    };
                                    /** Format: uuid */
                                    user_id: string;
                                };
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_notes_received: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
                search?: string;
                unread_only?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            notes: {
                                archived_at?: string | null;
                                content: string | null;
                                date: string | null;
                                /** Format: uuid */
                                document_id: string;
                                is_archived?: boolean;
                                is_read?: boolean;
                                /** Format: uuid */
                                note_id: string;
                                official_number: string | null;
                                /** @enum {string} */
                                reception_kind?: "to" | "cc" | "bcc";
                                recipients?: {
                                    bcc: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                    cc: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                    to: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                };
                                reference: string;
                                sender: {
                                    full_name: string;
                                    sector: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    };
                                    /** Format: uuid */
                                    user_id: string;
                                };
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_notes_sent: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            notes: {
                                archived_at?: string | null;
                                content: string | null;
                                date: string | null;
                                /** Format: uuid */
                                document_id: string;
                                is_archived?: boolean;
                                is_read?: boolean;
                                /** Format: uuid */
                                note_id: string;
                                official_number: string | null;
                                /** @enum {string} */
                                reception_kind?: "to" | "cc" | "bcc";
                                recipients?: {
                                    bcc: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                    cc: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                    to: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    }[];
                                };
                                reference: string;
                                sender: {
                                    full_name: string;
                                    sector: {
                                        acronym: string;
                                        name: string;
                                        /** Format: uuid */
                                        sector_id: string;
                                    };
                                    /** Format: uuid */
                                    user_id: string;
                                };
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
                registry?: string;
                search?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            page: number;
                            page_size: number;
                            records: {
                                created_at: string;
                                display_name: string;
                                /** Format: uuid */
                                id: string;
                                next_expiration: string | null;
                                record_number: string;
                                registry_code: string;
                                registry_name: string;
                                resume: string | null;
                                state: string;
                                updated_at: string;
                            }[];
                            total: number;
                            total_exact?: boolean;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_records: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data?: Record<string, unknown>;
                    display_name: string;
                    registry_code: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            display_name: string;
                            /** Format: uuid */
                            id: string;
                            record_number: string;
                            registry_code: string;
                            registry_name: string;
                            state: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            created_by: {
                                department: string | null;
                                name: string | null;
                                sector: string | null;
                                user_id: string | null;
                            };
                            data: {
                                [key: string]: {
                                    document_id: string | null;
                                    document_reference?: string | null;
                                    document_resume?: string | null;
                                    expiration_date: string | null;
                                    notes: string | null;
                                    value: unknown;
                                    verification_notes?: string | null;
                                    verified: boolean;
                                    verified_at: string | null;
                                    verified_by: string | null;
                                    verified_by_name?: string | null;
                                    verified_document_id?: string | null;
                                    verified_document_number?: string | null;
                                    verified_document_resume?: string | null;
                                };
                            };
                            display_name: string;
                            /** Format: uuid */
                            id: string;
                            next_expiration: string | null;
                            permissions: {
                                can_create: boolean;
                                can_edit: boolean;
                                can_verify: boolean;
                                can_view: boolean;
                            };
                            record_number: string;
                            registry: {
                                allowed_states: string[];
                                code: string;
                                data_schema: {
                                    [key: string]: {
                                        has_document: boolean;
                                        has_expiration: boolean;
                                        has_verification: boolean;
                                        label: string;
                                        options?: string[];
                                        required: boolean;
                                        type: string;
                                    };
                                };
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            resume: string | null;
                            state: string;
                            updated_at: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    patch_api_v1_records_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    display_name?: string;
                    reason?: string;
                    state?: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            display_name: string;
                            /** Format: uuid */
                            id: string;
                            state: string;
                            updated_at: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records_by_id_cases: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            cases: {
                                /** Format: uuid */
                                case_id: string;
                                case_number: string;
                                /** Format: uuid */
                                link_id: string;
                                linked_at: string;
                                notes: string | null;
                                reference: string;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_records_by_id_cases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    case_id: string;
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            case_id: string;
                            case_number: string;
                            /** Format: uuid */
                            link_id: string;
                            linked_at: string;
                            notes: string | null;
                            reference: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    delete_api_v1_records_by_id_cases_by_linkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            link_id: string;
                            removed: boolean;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records_by_id_documents: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            documents: {
                                /** Format: uuid */
                                document_id: string;
                                document_number: string | null;
                                document_type: string;
                                field_name: string | null;
                                /** Format: uuid */
                                link_id: string;
                                linked_at: string;
                                notes: string | null;
                                reference: string;
                                status: string;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_records_by_id_documents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    document_id: string;
                    field_name?: string | null;
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_number: string | null;
                            document_type: string;
                            field_name: string | null;
                            /** Format: uuid */
                            link_id: string;
                            linked_at: string;
                            notes: string | null;
                            reference: string;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    delete_api_v1_records_by_id_documents_by_linkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            link_id: string;
                            removed: boolean;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    patch_api_v1_records_by_id_fields_by_field: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                field: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            field_data: {
                                document_id: string | null;
                                document_reference?: string | null;
                                document_resume?: string | null;
                                expiration_date: string | null;
                                notes: string | null;
                                value: unknown;
                                verification_notes?: string | null;
                                verified: boolean;
                                verified_at: string | null;
                                verified_by: string | null;
                                verified_by_name?: string | null;
                                verified_document_id?: string | null;
                                verified_document_number?: string | null;
                                verified_document_resume?: string | null;
                            };
                            field_name: string;
                            next_expiration?: string | null;
                            updated_at: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_records_by_id_fields_by_field_verify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                field: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    document_id: string;
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            field_data: {
                                document_id: string | null;
                                document_reference?: string | null;
                                document_resume?: string | null;
                                expiration_date: string | null;
                                notes: string | null;
                                value: unknown;
                                verification_notes?: string | null;
                                verified: boolean;
                                verified_at: string | null;
                                verified_by: string | null;
                                verified_by_name?: string | null;
                                verified_document_id?: string | null;
                                verified_document_number?: string | null;
                                verified_document_resume?: string | null;
                            };
                            field_name: string;
                            next_expiration?: string | null;
                            updated_at: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records_by_id_history: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            entries: {
                                action: string;
                                after_value: unknown;
                                before_value: unknown;
                                created_at: string;
                                field_name: string | null;
                                /** Format: uuid */
                                id: string;
                                user_id: string | null;
                                user_name: string | null;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records_by_id_relations: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            page: number;
                            page_size: number;
                            relations: {
                                created_at: string;
                                direction: string;
                                notes: string | null;
                                related_record: {
                                    display_name: string;
                                    /** Format: uuid */
                                    id: string;
                                    record_number: string;
                                    state: string;
                                };
                                /** Format: uuid */
                                relation_id: string;
                                relation_type: string;
                            }[];
                            total: number;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_records_by_id_relations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    notes?: string | null;
                    /** @enum {string} */
                    relation_type: "parent" | "child" | "related" | "replaces" | "sibling" | "cousin";
                    /** Format: uuid */
                    target_record_id: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created_at: string;
                            notes: string | null;
                            /** Format: uuid */
                            relation_id: string;
                            relation_type: string;
                            /** Format: uuid */
                            source_record_id: string;
                            /** Format: uuid */
                            target_record_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    delete_api_v1_records_by_id_relations_by_relationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                relationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            relation_id: string;
                            removed: boolean;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_records_by_id_report: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repetir la solicitud con la misma clave devuelve el mismo resultado */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_number: string;
                            document_type: string;
                            /** Format: uuid */
                            link_id: string;
                            /** Format: uuid */
                            record_id: string;
                            record_number: string;
                            signed_at: string | null;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            idempotency_key?: string;
                            poll_url?: string;
                            /** Format: uuid */
                            record_id?: string;
                            status: string;
                            workflow_id?: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records_by_id_reports_by_key: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            document_id: string;
                            document_number: string;
                            document_type: string;
                            /** Format: uuid */
                            link_id: string;
                            /** Format: uuid */
                            record_id: string;
                            record_number: string;
                            signed_at: string | null;
                            status: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            idempotency_key?: string;
                            poll_url?: string;
                            /** Format: uuid */
                            record_id?: string;
                            status: string;
                            workflow_id?: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_records_autocomplete: {
        parameters: {
            query?: {
                limit?: number;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            query?: string;
                            records: {
                                display_name: string;
                                family_code: string;
                                /** Format: uuid */
                                record_id: string;
                                record_number: string;
                                state: string;
                            }[];
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_registries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            registries: {
                                allowed_states: string[];
                                code: string;
                                data_schema: {
                                    [key: string]: {
                                        has_document: boolean;
                                        has_expiration: boolean;
                                        has_verification: boolean;
                                        label: string;
                                        options?: string[];
                                        required: boolean;
                                        type: string;
                                    };
                                };
                                description: string | null;
                                /** Format: uuid */
                                id: string;
                                is_active: boolean;
                                name: string;
                                permissions: {
                                    can_create: boolean;
                                    can_edit: boolean;
                                    can_verify: boolean;
                                    can_view: boolean;
                                };
                                record_count?: number;
                            }[];
                            total: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_registries_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_states: string[];
                            code: string;
                            data_schema: {
                                [key: string]: {
                                    has_document: boolean;
                                    has_expiration: boolean;
                                    has_verification: boolean;
                                    label: string;
                                    options?: string[];
                                    required: boolean;
                                    type: string;
                                };
                            };
                            description: string | null;
                            /** Format: uuid */
                            id: string;
                            is_active: boolean;
                            name: string;
                            permissions: {
                                can_create: boolean;
                                can_edit: boolean;
                                can_verify: boolean;
                                can_view: boolean;
                            };
                            record_count?: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_users: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            total: number;
                            users: {
                                email: string;
                                full_name: string;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_users: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    additional_sectors?: {
                        can_edit?: boolean;
                        can_view?: boolean;
                        /** Format: uuid */
                        sector_id: string;
                    }[];
                    can_edit?: boolean;
                    cuit?: string | null;
                    /** Format: email */
                    email: string;
                    full_name: string;
                    /** @enum {string} */
                    role: "director" | "empleado";
                    /** Format: uuid */
                    sector_id: string;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Creado */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            provisioning_status: string;
                            ticket_expires_at: string | null;
                            /** Format: uuid */
                            user_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            /** @constant */
                            provisioning_status: "provisioning";
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_users_by_id_deactivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            credential_revocation_workflow_id: string;
                            deactivated_at: string;
                            /** @constant */
                            is_active: false;
                            /** Format: uuid */
                            user_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_users_by_id_documents: {
        parameters: {
            query?: {
                date_from?: string;
                date_to?: string;
                document_type?: string;
                page?: number;
                page_size?: number;
                search?: string;
                status?: "draft" | "sent_to_sign" | "signed" | "rejected";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            documents: {
                                acronym: string;
                                can_sign_now: boolean;
                                created_at: string;
                                display_status: string;
                                /** @enum {string} */
                                doc_type: "draft" | "official";
                                /** Format: uuid */
                                document_id: string;
                                due_at: string | null;
                                last_modified_at: string;
                                official_number: string | null;
                                overdue: boolean;
                                reference: string;
                                /** @enum {string} */
                                rol_usuario: "creador" | "firmante" | "numerador" | "otro";
                                /** @enum {string} */
                                status: "draft" | "sent_to_sign" | "signed" | "rejected";
                                todos_firmantes_comunes_firmaron: boolean;
                                usuario_ya_firmo: boolean;
                            }[];
                            page: number;
                            page_size: number;
                            total: number;
                            total_exact?: boolean;
                            total_pages: number;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_users_by_id_profile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            additional_sectors: {
                                acronym: string;
                                can_edit: boolean;
                                can_view: boolean;
                                name: string;
                                /** Format: uuid */
                                sector_id: string;
                            }[];
                            cuit: string | null;
                            default_seal_id: string | null;
                            default_seal_name: string | null;
                            department_acronym: string | null;
                            department_id: string | null;
                            department_name: string | null;
                            email: string;
                            full_name: string;
                            is_active: boolean;
                            profile_picture_url: string | null;
                            role: string;
                            sector_acronym: string | null;
                            sector_id: string | null;
                            sector_name: string | null;
                            /** Format: uuid */
                            user_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_users_by_id_provisioning: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            authId: string | null;
                            email: string;
                            identityUserId: string | null;
                            /** @enum {string} */
                            status: "provisioning" | "invited" | "active" | "linked_social" | "expired";
                            ticketExpiresAt: string | null;
                            ticketsIssued: number;
                            userId: string | null;
                            workflow_id: string | null;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    post_api_v1_users_by_id_resend_invitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Aceptado: la operación sigue en curso */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            user_id: string;
                            workflow_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    put_api_v1_users_by_id_signature_mode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mode: ("seal" | "personal") | null;
                };
            };
        };
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            effective_mode: "seal" | "personal";
                            mode: ("seal" | "personal") | null;
                            /** Format: uuid */
                            user_id: string;
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    get_api_v1_users_search: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
                query?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto) */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description Error interno o dependencia no disponible (503, reintentar) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        message: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            page: number;
                            page_size: number;
                            total: number;
                            total_pages: number;
                            users: {
                                email: string;
                                full_name: string;
                                sector: string | null;
                                sector_acronym: string | null;
                                /** Format: uuid */
                                user_id: string;
                            }[];
                        };
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
        };
    };
    webhook_case_assigned: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        assigned_user_id: string | null;
                        /** Format: uuid */
                        by_user_id: string;
                        /** Format: uuid */
                        case_id: string;
                        case_number: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        /** Format: uuid */
                        movement_id: string;
                        municipality: string;
                        /** Format: uuid */
                        sector_id: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "case.assigned";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_case_assignment_closed: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        by_user_id: string | null;
                        /** Format: uuid */
                        case_id: string;
                        case_number: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        /** Format: uuid */
                        movement_id: string;
                        municipality: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "case.assignment_closed";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_case_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        case_id: string;
                        case_number: string;
                        /** Format: uuid */
                        cover_document_id: string | null;
                        /** Format: uuid */
                        created_by_user_id: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        /** Format: uuid */
                        owner_sector_id: string;
                        template: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "case.created";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_case_document_linked: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        by_user_id: string | null;
                        /** Format: uuid */
                        case_id: string;
                        case_number: string;
                        /** Format: uuid */
                        document_id: string;
                        document_number: string | null;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "case.document_linked";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_case_transferred: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        by_user_id: string;
                        /** Format: uuid */
                        case_id: string;
                        case_number: string;
                        /** Format: uuid */
                        from_sector_id: string | null;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        /** Format: uuid */
                        movement_id: string;
                        municipality: string;
                        /** Format: uuid */
                        to_sector_id: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "case.transferred";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        created_by_user_id: string;
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "document.created";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_officialized: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        number: string;
                        /** Format: date-time */
                        officialized_at: string;
                        round: number;
                        verification_code: string | null;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "document.officialized";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        /** Format: date-time */
                        rejected_at: string;
                        /** Format: uuid */
                        rejected_by_user_id: string;
                        round: number;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "document.rejected";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_sent_to_sign: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** Format: date-time */
                        due_at: string | null;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        /** Format: uuid */
                        numerator_user_id: string;
                        round: number;
                        signer_user_ids: string[];
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "document.sent_to_sign";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_signed: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        pending_signers: number;
                        round: number;
                        /** Format: date-time */
                        signed_at: string;
                        /** Format: uuid */
                        signer_user_id: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "document.signed";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_memo_delivered: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        number: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "memo.delivered";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_note_delivered: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        number: string;
                        recipient_sector_ids: string[];
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "note.delivered";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_record_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        created_by_user_id: string;
                        family: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        /** Format: uuid */
                        record_id: string;
                        record_number: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "record.created";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_record_report_generated: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_number: string;
                        family: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        /** Format: uuid */
                        record_id: string;
                        record_number: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "record.report_generated";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_record_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        by_user_id: string | null;
                        change: string;
                        changed_fields: string[];
                        family: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        /** Format: uuid */
                        record_id: string;
                        record_number: string;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "record.updated";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_signing_overdue: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador del evento (`evt_` y el UUID del evento sin guiones): el mismo en cada reintento y reenvío, para procesar cada evento una sola vez. */
                "webhook-id": string;
                /** @description Firma Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>` con HMAC-SHA256 de `<webhook-id>.<webhook-timestamp>.<cuerpo>` bajo el secreto de la suscripción (`whsec_…`, los bytes de su base64). Durante la rotación de un secreto llegan dos firmas separadas por un espacio (el secreto nuevo y el anterior): basta con que una verifique. */
                "webhook-signature": string;
                /** @description Segundos desde 1970 (UTC) del envío; rechace los que difieran demasiado de su reloj (p. ej. más de 5 minutos) para evitar repeticiones. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** Format: uuid */
                        document_id: string;
                        document_type: string;
                        /** Format: date-time */
                        due_at: string;
                        /** @description Where to read the subject with the integration API (and, once official, its public verification page). */
                        links: {
                            /** Format: uri */
                            api: string;
                            /** Format: uri */
                            verification?: string;
                        };
                        municipality: string;
                        round: number;
                    };
                    /**
                     * Format: date-time
                     * @description When the change was committed.
                     */
                    timestamp: string;
                    /** @constant */
                    type: "signing.overdue";
                };
            };
        };
        responses: {
            /** @description Recibido: no se reenvía */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No recibido: se reintenta más tarde */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
