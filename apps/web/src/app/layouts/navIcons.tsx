import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AlarmOutlined from '@mui/icons-material/AlarmOutlined';
import ApprovalOutlined from '@mui/icons-material/ApprovalOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StyleOutlined from '@mui/icons-material/StyleOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TvOutlined from '@mui/icons-material/TvOutlined';

type SvgIconComponent = typeof DashboardOutlined;

/** The icon keys of the shared NAV table mapped onto MUI icons. */
const ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  list: ListAltOutlined,
  orders: ShoppingCartOutlined,
  build: BuildOutlined,
  pending: PendingActionsOutlined,
  late: AlarmOutlined,
  done: TaskAltOutlined,
  log: HistoryOutlined,
  cabinet: KitchenOutlined,
  remake: ReplayOutlined,
  invoice: ReceiptLongOutlined,
  proposal: RequestQuoteOutlined,
  scan: QrCodeScannerOutlined,
  floor: TvOutlined,
  catalog: MenuBookOutlined,
  upload: CloudUploadOutlined,
  attachment: AttachFileOutlined,
  premium: StyleOutlined,
  external: OpenInNew,
  accounts: ManageAccountsOutlined,
  staff: BadgeOutlined,
  users: PeopleAltOutlined,
  request: PersonAddAltOutlined,
  finance: AccountBalanceWalletOutlined,
  report: AssessmentOutlined,
  rule: GavelOutlined,
  money: PaidOutlined,
  discount: LocalOfferOutlined,
  receipt: ReceiptOutlined,
  chart: BarChartOutlined,
  settings: SettingsOutlined,
  profile: PersonOutlined,
  password: LockOutlined,
  address: HomeOutlined,
  email: EmailOutlined,
  announcement: CampaignOutlined,
  jobs: ScheduleOutlined,
  bank: AccountBalanceOutlined,
  planner: CalendarMonthOutlined,
  approval: ApprovalOutlined,
};

export function NavIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? CircleOutlined;
  return <Icon fontSize="small" />;
}
