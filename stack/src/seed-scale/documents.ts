import type { ScaleContext } from './context.ts';

/** A few documents per practice in the provider folders: `documents`. */
export async function insertDocuments({ sql, base, users }: ScaleContext): Promise<void> {
  // A few documents per practice in the provider folders, and certificates for accredited cycles.
  await sql(
    `insert into public.documents (id, practice_id, folder_id, name, storage_key, file_size, file_type, uploaded_at,
        created_at, created_by_id)
     overriding system value
     select $1::int + (p.g - 1) * 3 + k + 1, p.org_id, f.id, d.name,
            'practices/' || p.org_id || '/' || md5(p.g || '-' || k)::uuid || '-' || replace(lower(d.name), ' ', '-'),
            20000 + (p.g::bigint * 7919 + k::bigint * 104729) % 5000000, d.mime, p.app_date + 3 + k, p.app_date + 3 + k,
            ${users.pm} + 2 * p.g - 1
       from scale_p p cross join generate_series(0, 2) k
       cross join lateral (select (array['Policy and procedure manual.pdf','Staff training register.xlsx','Previous accreditation certificate.pdf'])[k + 1] as name,
                                  (array['application/pdf','application/vnd.openxmlformats-officedocument.spreadsheetml.sheet','application/pdf'])[k + 1] as mime,
                                  (array['POLICIES','STAFF_DOCUMENTS','PREV_ACCRED'])[k + 1] as code) d
       join public.folders f on f.code = d.code and f.practice_id is null and not f.archived`,
    [base.document],
  );
}
