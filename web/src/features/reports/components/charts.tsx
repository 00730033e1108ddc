// Chart.js, with the parts the reports draw, in a chunk of its own: the first chart that nears the
// viewport loads it (after the page's first paint), so parsing it is not part of the page's first task.
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';

ChartJS.register(CategoryScale, LinearScale, BarElement, ArcElement, Tooltip, Legend);

export { Bar, Doughnut } from 'react-chartjs-2';
