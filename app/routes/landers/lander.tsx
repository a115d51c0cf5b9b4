import { Link, useLocation } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useLoadedLocale, useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/lander'
import { CollageLander } from './collage-lander.tsx'
import { FeedLander } from './feed-lander.tsx'
import { GalleryLander } from './gallery-lander.tsx'
import { IconsLander } from './icons-lander.tsx'
import { loadLander } from './lander.server.ts'
import { MapLander } from './map-lander.tsx'
import { NightLander } from './night-lander.tsx'
import { SlideshowLander } from './slideshow-lander.tsx'
import { SwipeLander } from './swipe-lander.tsx'

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const name = params.lander ?? new URL(request.url).pathname.split('/')[2]
  return loadLander(context, name, params.slug)
}

/** A marketing lander: one promise, one call to sign up, in the lander's own style. */
export default function Lander({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation()
  const copyLocale = useLoadedLocale(loaderData.copyLocale)
  const t = i18n.getFixedT(copyLocale)
  const { settings } = useRootData()
  const { search } = useLocation()
  const variant = loaderData.name
  const props = { members: loaderData.members, signupTo: `/signup${search}`, t }
  const design =
    variant === 'tinderswipe' ? (
      <SwipeLander {...props} />
    ) : variant === 'gallery' ? (
      <GalleryLander {...props} />
    ) : variant === 'collagelanding' ? (
      <CollageLander {...props} />
    ) : variant === 'iconslanding' ? (
      <IconsLander {...props} />
    ) : variant === 'video' || variant === 'transitionsvideolanding' ? (
      <SlideshowLander {...props} name={variant} />
    ) : variant === 'maplanding' ? (
      <MapLander {...props} country={loaderData.country} regions={loaderData.regions} locale={copyLocale} />
    ) : variant === 'socialnetwork' ? (
      <FeedLander {...props} feed={loaderData.feed} />
    ) : variant === 'alonetonight' ? (
      <NightLander {...props} />
    ) : null
  if (design)
    return (
      <div lang={copyLocale}>
        <PageTitle title={t(`landers.${variant}.title`)} />
        {design}
      </div>
    )
  return (
    <section className={`lander-hero lander-${variant} text-center text-white`} lang={copyLocale}>
      <PageTitle title={t(`landers.${variant}.title`)} />
      <div className="container py-5">
        <h1 className="display-5 fw-bold">{t(`landers.${variant}.title`)}</h1>
        <p className="lead my-4 mx-auto" style={{ maxWidth: 640 }}>
          {t(`landers.${variant}.text`, { name: settings.name })}
        </p>
        <Link to={`/signup${search}`} className="btn btn-light btn-lg fw-semibold px-5">
          {t('landers.cta')}
        </Link>
        <p className="small mt-3 opacity-75">{t('home.adultsOnly')}</p>
      </div>
    </section>
  )
}
