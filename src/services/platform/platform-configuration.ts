import type { AppConfig } from '../../config/app-config';

type Dict = Record<string, unknown>;

/** Links the platform's clients expect even where this server has no page of its own (the platform's defaults). */
const PLATFORM_LINKS = {
  wiki_url: 'http://galaxyproject.org/',
  search_url: 'http://galaxyproject.org/search/usegalaxy/',
  mailing_lists: 'https://wiki.galaxyproject.org/MailingLists',
  screencasts_url: 'https://vimeo.com/galaxyproject',
  citation_url: 'https://wiki.galaxyproject.org/CitingGalaxy',
  lims_doc_url: 'https://usegalaxy.org/u/rkchak/p/sts',
};

/**
 * `GET /api/configuration`: the public keys of the 15.05 platform's configuration API, valued from
 * this server's configuration (features it has are on, ones it lacks off); administrators also see
 * the library import settings. Secrets (the id secret, the master key) are never part of it.
 */
export function platformConfiguration(config: AppConfig, isAdmin: boolean): Dict {
  const open: Dict = {
    version_major: config.version.major,
    version_minor: config.version.minor,
    is_admin_user: isAdmin,
    brand: config.brand,
    logo_url: '/',
    terms_url: config.termsUrl,
    support_url: config.supportUrl,
    ...PLATFORM_LINKS,
    biostar_url: '',
    biostar_url_redirect: null,
    allow_user_creation: config.allowUserCreation,
    use_remote_user: false,
    remote_user_logout_href: null,
    enable_openid: false,
    // Quotas are enforced when tools run (src/services/tools/tool-execution.service.ts).
    enable_quotas: true,
    enable_cloud_launch: false,
    enable_unique_workflow_defaults: false,
    datatypes_disable_auto: false,
    // Users may purge their own history datasets (DELETE …/contents/{id} with purge).
    allow_user_dataset_purge: true,
    has_user_tool_filters: false,
    ga_code: null,
    nginx_upload_path: '/api/tools',
    ftp_upload_dir: null,
    ftp_upload_site: null,
    require_login: false,
    inactivity_box_content: null,
    message_box_content: null,
    message_box_visible: false,
    message_box_class: 'info',
  };
  if (!isAdmin) return open;
  return {
    ...open,
    library_import_dir: config.libraryImportDir,
    user_library_import_dir: null,
    allow_library_path_paste: config.allowLibraryPathPaste,
    // Users are never deleted through the API here.
    allow_user_deletion: false,
  };
}
