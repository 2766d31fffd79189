import { MARK_DOMAIN, NETWORKS } from './constants.ts';
import type { ScaleContext } from './context.ts';
import { NAME_KINDS, NAME_WORDS, NETWORK_SUFFIXES } from './names.ts';
import { STREETS, SUBURBS } from './places.ts';

/** Networks, then each practice with its address and organisation: `practice_networks`, `addresses`, `organisations`, `practices`. */
export async function insertPractices({ sql, base }: ScaleContext): Promise<void> {
  // Networks, addresses, organisations, practices.
  await sql(
    `insert into public.practice_networks (id, name, abn, created_at) overriding system value
     select $1::int + x.k, x.word || ' ' || x.suffix,
            lpad(((x.k * 982451653::bigint) % 100000000000)::text, 11, '1'), now() - interval '6 years'
       from (select row_number() over (order by (w.o * 7 + s.o) % 11, w.o, s.o) as k, w.word, s.suffix
               from unnest($2::text[]) with ordinality w(word, o), unnest($3::text[]) with ordinality s(suffix, o)) x
      where x.k <= ${NETWORKS}`,
    [base.network, [...NAME_WORDS, ...SUBURBS.slice(0, 20).map((s) => s[0])], NETWORK_SUFFIXES],
  );
  await sql(
    `insert into public.addresses (id, unit, street, suburb, state, postcode, country, lat, lng) overriding system value
     select p.addr_id, case when p.g % 7 = 0 then 'Suite ' || (1 + p.g % 9) end,
            (1 + (p.g * 7) % 399) || ' ' || ($1::text[])[1 + (p.g * 11) % array_length($1::text[], 1)],
            s.suburb, s.state, s.postcode, 'AU',
            round((s.lat + ((p.g * 37) % 200 - 100) / 10000.0)::numeric, 6),
            round((s.lng + ((p.g * 53) % 200 - 100) / 10000.0)::numeric, 6)
       from scale_p p join scale_suburb s on s.i = p.sub`,
    [STREETS],
  );
  await sql(
    `insert into public.organisations (id, name, legal_entity_name, abn, structure, email, billing_email, website,
                                       phone, fax, physical_address_id, postal_address_id, billing_address_id,
                                       created_at, updated_at)
     overriding system value
     select p.org_id, x.name, x.name || ' Pty Ltd',
            lpad(((p.g::bigint * 7919::bigint + 10000000000) % 100000000000)::text, 11, '5'),
            (array['COMPANY','COMPANY','COMPANY','PARTNERSHIP','TRUST','SOLE_TRADER','NOT_FOR_PROFIT'])[1 + p.g % 7],
            'reception' || p.g || '@${MARK_DOMAIN}', 'accounts' || p.g || '@${MARK_DOMAIN}',
            'https://practice' || p.g || '.example',
            '0' || (array['2','3','7','8'])[1 + p.g % 4] || ' ' || lpad(((p.g::bigint * 7927) % 100000000)::text, 8, '0'), null,
            p.addr_id, p.addr_id, p.addr_id, p.app_date - 30, p.app_date - 30
       from scale_p p join scale_suburb s on s.i = p.sub
       cross join lateral (select case when p.r_name < 0.45 then s.suburb
                                       else ($1::text[])[1 + (p.g * 13) % array_length($1::text[], 1)] end
                                  || ' ' || ($2::text[])[1 + (p.g * 7) % array_length($2::text[], 1)] as name) x`,
    [NAME_WORDS, NAME_KINDS],
  );
  await sql(
    `insert into public.practices (organisation_id, status, active_status, network_id, is_in_practice_network,
        practice_type, mmm, phn, pip_id, meets_gp_definition, is_branch, branch_or_main, is_first_accreditation,
        is_receiving_incentives, first_application_started_date, initial_swpe, tnc_signed, authorization_signed,
        is_staff_first_view, is_documents_first_view, doctor_head_count, doctor_max_count, nurse_head_count,
        nurse_max_count, allied_health_head_count, allied_health_max_count, support_staff_head_count,
        support_staff_max_count, created_at, updated_at)
     select p.org_id, p.pstatus, case when p.pstatus = 'WITHDRAWN' then 'INACTIVE' else 'ACTIVE' end,
            p.network_id, p.network_id is not null,
            case when p.g % 41 = 0 then 'ABORIGINAL_MEDICAL_SERVICE' when p.g % 53 = 0 then 'AFTER_HOURS' else 'GENERAL_PRACTICE' end,
            s.mmm, s.phn[1 + p.g % array_length(s.phn, 1)], 'PIP' || (100000 + p.g), true,
            p.network_id is not null and p.g % 4 = 0,
            case when p.network_id is not null then case when p.g % 4 = 0 then 'BRANCH' else 'MAIN' end end,
            p.expiry is null, p.g % 3 <> 0, p.app_date, 2000 + (p.g::bigint * 7919) % 18000,
            p.pstatus not in ('APPLICATION'), p.pstatus not in ('APPLICATION', 'PAYMENT_PENDING'),
            p.pstatus in ('APPLICATION', 'PAYMENT_PENDING'), p.pstatus in ('APPLICATION', 'PAYMENT_PENDING'),
            3, 4 + p.g % 5, 2, 3 + p.g % 3, p.g % 2, 1 + p.g % 2, 2, 3 + p.g % 4,
            p.app_date - 30, p.app_date - 30
       from scale_p p join scale_suburb s on s.i = p.sub`,
  );
}
